import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Book, BookMember } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { bookFailureMessages, changeMemberRole, memberName, removeMember } from './api';

/** A change to a book's members that is asked once more before it is made. */
export type MemberChange =
  | { kind: 'remove'; member: BookMember }
  | { kind: 'handOver'; member: BookMember }
  | { kind: 'leave'; member: BookMember };

interface MemberChangeModalProps {
  book: Book;
  change: MemberChange;
  onClose: () => void;
}

function wording(book: Book, change: MemberChange) {
  const name = memberName(change.member);
  switch (change.kind) {
    case 'remove':
      return {
        title: `Remove ${name} from “${book.name}”?`,
        body: `${name} will no longer see or change anything in this book. What they recorded stays in it. To bring them back, invite them again.`,
        action: 'Remove',
        color: 'red',
      };
    case 'handOver':
      return {
        title: `Hand “${book.name}” over to ${name}?`,
        body: `${name} becomes the owner of this book, and you an editor: you keep recording in it, but only ${name} can invite, change roles, rename or delete it from then on.`,
        action: 'Hand over',
        color: 'orange',
      };
    case 'leave':
      return {
        title: `Leave “${book.name}”?`,
        body: 'You will no longer see or change anything in this book. What you recorded stays in it for the others. To come back, ask its owner for a new invitation.',
        action: 'Leave book',
        color: 'red',
      };
  }
}

/** Asks once more before a member is removed, the book handed over, or the person leaves it. */
export function MemberChangeModal({ book, change, onClose }: MemberChangeModalProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const words = wording(book, change);

  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      if (change.kind === 'handOver') await changeMemberRole(book.id, change.member.user_id, 'owner');
      else await removeMember(book.id, change.member.user_id, { leaving: change.kind === 'leave' });
      onClose();
    } catch (failure) {
      setErrors(bookFailureMessages(failure));
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={words.title} centered>
      <Stack>
        <Text>{words.body}</Text>
        <ErrorList messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={words.color} onClick={() => void confirm()} loading={busy}>
            {words.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
