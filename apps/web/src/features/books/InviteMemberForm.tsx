import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { INVITATION_DAYS, type Book, type CreateInvitationBody } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { bookFailureMessages, inviteToBook } from './api';

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];

type Field = 'email' | 'role';

/**
 * The owner of a shared book invites someone by e-mail as editor or viewer (DECISIONS.md #74): the
 * server mails a single-use link, valid for 7 days; its 422 messages show at their fields.
 */
export function InviteMemberForm({ book }: { book: Book }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CreateInvitationBody['role']>('editor');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setFieldErrors({});
    setSent(null);
    try {
      const invitation = await inviteToBook(book.id, { email: email.trim(), role });
      setEmail('');
      setSent(`Invitation sent to ${invitation.email}, valid for ${INVITATION_DAYS} days.`);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      const atFields = { email: fields.email?.[0], role: fields.role?.[0] };
      if (atFields.email || atFields.role) setFieldErrors(atFields);
      else setErrors(bookFailureMessages(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`Invite someone to ${book.name}`} data-testid="invite-form">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Invite by e-mail"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email}
          style={{ flex: '2 1 200px', minWidth: 0 }}
        />
        <NativeSelect
          label="As"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as CreateInvitationBody['role'])}
          error={fieldErrors.role}
          style={{ flex: '0 1 120px', minWidth: 100 }}
        />
        <Button type="submit" loading={busy} leftSection={<IconMailForward size={16} />} mt={{ base: 0, xs: 25 }}>
          Send invitation
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        An editor records and changes the book&rsquo;s money; a viewer sees it and changes nothing. The e-mailed link
        works once, for {INVITATION_DAYS} days.
      </Text>
      <Stack gap="xs" mt={errors.length > 0 || sent ? 'sm' : 0}>
        <ErrorList messages={errors} />
        <SuccessNote message={sent} />
      </Stack>
    </form>
  );
}
