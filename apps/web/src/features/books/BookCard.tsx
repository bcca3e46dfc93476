import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Book } from '@mindspend/api-contract';
import { memberName, roleName } from './api';

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

/** One of the person's books in Settings: its kind, their role, its members, and what its owner can do. */
export function BookCard({ book, current, userId, onSwitch, onRename, onDelete }: BookCardProps) {
  const owner = book.role === 'owner';
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
          </Group>
        </Group>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Members of ${book.name}`}>
          {book.members.map((member) => (
            <Group key={member.user_id} component="li" justify="space-between" wrap="nowrap" gap="xs" data-testid="book-member">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {memberName(member)}
                  {member.user_id === userId ? ' (you)' : ''}
                </Text>
                {memberName(member) !== member.email && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Text>
                )}
              </div>
              <Badge size="sm" variant="outline" color={member.role === 'owner' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                {roleName(member.role)}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
