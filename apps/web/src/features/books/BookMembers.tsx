import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { Book, BookMember } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { bookFailureMessages, changeMemberRole, memberName, roleName } from './api';
import type { MemberChange } from './MemberChangeModal';

interface BookMembersProps {
  book: Book;
  /** The signed-in person, marked '(you)'. */
  userId: number;
  /** A change that asks once more first (remove, hand over). */
  onChange: (change: MemberChange) => void;
}

const ROLE_CHOICES = [
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];

/**
 * A book's members with their roles, and in a shared book who shares their feelings. Its owner sets
 * another member's role (editor or viewer) at once, and removes them or hands the book to them
 * after a confirmation (DECISIONS.md #74).
 */
export function BookMembers({ book, userId, onChange }: BookMembersProps) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const manages = book.role === 'owner' && !book.personal;

  const setRole = async (member: BookMember, role: 'editor' | 'viewer') => {
    setBusyId(member.user_id);
    setErrors([]);
    try {
      await changeMemberRole(book.id, member.user_id, role);
    } catch (failure) {
      setErrors(bookFailureMessages(failure));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack gap="xs">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={`Members of ${book.name}`}>
        {book.members.map((member) => {
          const name = memberName(member);
          const managed = manages && member.user_id !== userId && member.role !== 'owner';
          return (
            <Group
              key={member.user_id}
              component="li"
              justify="space-between"
              align="center"
              wrap="wrap"
              gap="xs"
              data-testid="book-member"
            >
              <div style={{ minWidth: 0, flex: '1 1 160px' }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                  {member.user_id === userId ? ' (you)' : ''}
                </Text>
                {name !== member.email && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Text>
                )}
                {!book.personal && member.share_feelings && (
                  <Text size="xs" c="dimmed" data-testid="shares-feelings">
                    Shares feelings
                  </Text>
                )}
              </div>
              {managed ? (
                // No icons on these buttons: the three fit one line of a 375 px screen.
                <Group gap={6} wrap="wrap">
                  <NativeSelect
                    size="xs"
                    aria-label={`Role of ${name}`}
                    data={ROLE_CHOICES}
                    value={member.role}
                    disabled={busyId === member.user_id}
                    onChange={(event) => void setRole(member, event.currentTarget.value as 'editor' | 'viewer')}
                  />
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onChange({ kind: 'handOver', member })}
                    aria-label={`Make ${name} the owner`}
                  >
                    Make owner
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onChange({ kind: 'remove', member })}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </Button>
                </Group>
              ) : (
                <Badge size="sm" variant="outline" color={member.role === 'owner' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                  {roleName(member.role)}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
      <ErrorList messages={errors} />
    </Stack>
  );
}
