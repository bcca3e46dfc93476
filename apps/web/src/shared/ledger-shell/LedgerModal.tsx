import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

interface LedgerModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: string;
}

/** The ledger's modal routes (spec §2.4) open over the ledger; closing one goes where the route says. */
export function LedgerModal({ title, onClose, children, size = 'lg' }: LedgerModalProps) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered={false} keepMounted={false}>
      {children}
    </Modal>
  );
}
