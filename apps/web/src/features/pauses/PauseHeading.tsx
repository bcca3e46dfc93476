import { Group, Text } from '@mantine/core';
import type { Pause } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { paymentMethodLabel } from './pause-text';

interface PauseHeadingProps {
  pause: Pick<Pause, 'note' | 'payee' | 'subcategory' | 'payment_method' | 'amount'>;
}

/** What was paused: the note (else the payee) and the amount, then where, in which sub-category and how. */
export function PauseHeading({ pause }: PauseHeadingProps) {
  const what = pause.note?.split('\n')[0]?.trim() || pause.payee;
  const details = [pause.note ? `at ${pause.payee}` : null, pause.subcategory, paymentMethodLabel(pause.payment_method)].filter((part) => part !== null);
  return (
    <div>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="pause-what">
          {what}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="pause-amount">
          {formatAmount(toCents(pause.amount))}
        </Text>
      </Group>
      {details.length > 0 ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Text>
      ) : null}
    </div>
  );
}
