import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconDoorExit, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Book } from '@mindspend/api-contract';
import { roleName } from './api';
import { BaseCurrencySelect } from './BaseCurrencySelect';
import { BookMembers } from './BookMembers';
import { InviteMemberForm } from './InviteMemberForm';
import { MemberChangeModal, type MemberChange } from './MemberChangeModal';
import { ShareFeelingsSwitch } from './ShareFeelingsSwitch';

interface BookCardProps {
  book: Book;
  /** Whether this tab works in the book now. */
  current: boolean;
  /** The signed-in person, marked '(you)' among the members. */
  userId: number;
  onSwitch: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/**
 * One of the person's books in Settings: its kind, their role, its members, and what its owner can
 * do (invite, change roles, remove, hand over); any other member of a shared book may leave it, and
 * every member of one chooses whether to share their feelings there.
 */
export function BookCard({ book, current, userId, onSwitch, onRename, onDelete }: BookCardProps) {
  const owner = book.role === 'owner';
  const [change, setChange] = useState<MemberChange | null>(null);
  const me = book.members.find((member) => member.user_id === userId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Book ${book.name}`} data-testid="book-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {book.name}
              </Text>
              <Badge variant="light" color={book.personal ? 'gray' : 'grape'}>
                {book.personal ? 'Personal' : 'Shared'}
              </Badge>
              {current && (
                <Badge variant="light" color="teal">
                  Current book
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {book.personal ? 'Yours alone. ' : ''}Your role: {roleName(book.role)}
            </Text>
          </Stack>
          <Group gap="xs">
            {!current && (
              <Button size="xs" variant="light" leftSection={<IconArrowsExchange size={14} />} onClick={onSwitch}>
                Switch to it
              </Button>
            )}
            {owner && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={onRename}
                aria-label={`Rename ${book.name}`}
              >
                Rename
              </Button>
            )}
            {owner && !book.personal && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={onDelete}
                aria-label={`Delete ${book.name}`}
              >
                Delete
              </Button>
            )}
            {!owner && !book.personal && me && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconDoorExit size={14} />}
                onClick={() => setChange({ kind: 'leave', member: me })}
                aria-label={`Leave ${book.name}`}
              >
                Leave
              </Button>
            )}
          </Group>
        </Group>
        <BaseCurrencySelect book={book} />
        <BookMembers book={book} userId={userId} onChange={setChange} />
        {/* Sharing feelings means nothing in a personal book: nobody else is there to see them. */}
        {!book.personal && me && <ShareFeelingsSwitch book={book} me={me} />}
        {owner && !book.personal && <InviteMemberForm book={book} />}
      </Stack>
      {change && <MemberChangeModal book={book} change={change} onClose={() => setChange(null)} />}
    </Paper>
  );
}
