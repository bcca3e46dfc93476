import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { type CreatedPersonalToken, PERSONAL_TOKEN_NAME_REQUIRED, type PersonalToken, type PersonalTokenScopeName } from '@mindspend/api-contract';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorList } from '../../components/ErrorList';
import { ShownOnceSecret } from '../../components/ShownOnceSecret';
import { ApiError } from '../../lib/api-client';
import { API_DOCS_URL } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { currentPasswordProblem } from './current-password-errors';
import { CurrentPasswordField } from './CurrentPasswordField';
import {
  createPersonalToken,
  formatTokenTime,
  invalidatePersonalTokens,
  revokePersonalToken,
  usePersonalTokens,
} from './personal-tokens-api';

const SCOPES: { value: PersonalTokenScopeName; label: string }[] = [
  { value: 'read', label: 'Read only' },
  { value: 'write', label: 'Read and write' },
];

const messagesOf = (failure: unknown) => (failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);

/** Personal access tokens for scripts: create (shown once, with a copy button), list, revoke. */
export function PersonalTokensSection() {
  const tokens = usePersonalTokens();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<PersonalTokenScopeName>('read');
  const [password, setPassword] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setPasswordError(undefined);
    // A blank name is the form's own to name: nothing is sent for the server to refuse (issue 36).
    setNameError(name.trim() === '' ? PERSONAL_TOKEN_NAME_REQUIRED : undefined);
    if (name.trim() === '') return;
    setCreating(true);
    try {
      const answer = await createPersonalToken({ name, scope, current_password: password });
      setCreated(answer);
      setName('');
      setPassword('');
      await invalidatePersonalTokens();
    } catch (failure) {
      const wrongName = failure instanceof ApiError ? failure.fieldErrors.name?.[0] : undefined;
      const wrongPassword = currentPasswordProblem(failure) ?? undefined;
      setNameError(wrongName);
      setPasswordError(wrongPassword);
      if (!wrongName && !wrongPassword) setErrors(messagesOf(failure));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="personal-tokens-section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" mb={6}>
            Personal access tokens
          </Title>
          <Text size="sm" c="dimmed">
            For your own scripts and tools: send a token as <Code>Authorization: Bearer …</Code> to the{' '}
            <a href={API_DOCS_URL} target="_blank" rel="noreferrer">
              Mindspend API
            </a>
            . A read-only token can only read; no token can change your login, password or e-mail, or delete your account.
            Creating one asks for your password and e-mails you a notice; resetting your password or signing out all
            other devices revokes every token.
          </Text>
        </div>

        {created && (
          <ShownOnceSecret
            title={`Token “${created.name}” created`}
            icon={<IconKey size={18} />}
            advice="Copy it now: it is shown only once and cannot be seen again."
            value={created.token}
            testId="new-token"
            onDone={() => setCreated(null)}
          />
        )}

        <form onSubmit={(event) => void create(event)} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Token name"
              placeholder="e.g. Monthly report script"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maxLength={100}
              style={{ flex: 1, minWidth: 200 }}
            />
            <SegmentedControl
              aria-label="Token scope"
              value={scope}
              onChange={(value) => setScope(value as PersonalTokenScopeName)}
              data={SCOPES}
            />
            <CurrentPasswordField
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={passwordError}
              style={{ minWidth: 180 }}
            />
            <Button type="submit" loading={creating} leftSection={<IconKey size={16} />}>
              Create token
            </Button>
          </Group>
        </form>
        <ErrorList messages={errors} />

        <TokenList
          tokens={tokens.data?.tokens}
          failed={tokens.isError}
          onRevoke={(token) => setRevoking(token)}
        />
      </Stack>
      {revoking && (
        <RevokeModal
          token={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={(id) => {
            if (created?.id === id) setCreated(null);
          }}
        />
      )}
    </Card>
  );
}

function TokenList({
  tokens,
  failed,
  onRevoke,
}: {
  tokens: PersonalToken[] | undefined;
  failed: boolean;
  onRevoke: (token: PersonalToken) => void;
}) {
  if (failed) return <ErrorList messages={['Your tokens could not be loaded. Please reload the page.']} />;
  if (!tokens) return <Text size="sm" c="dimmed">Loading tokens…</Text>;
  if (tokens.length === 0) return <Text size="sm" c="dimmed">You have no personal access tokens.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" data-testid="token-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={token.scope === 'write' ? 'orange' : 'blue'}>
                  {token.scope === 'write' ? 'Read and write' : 'Read only'}
                </Badge>
              </Table.Td>
              <Table.Td>{formatTokenTime(token.created_at)}</Table.Td>
              <Table.Td>{formatTokenTime(token.last_used_at)}</Table.Td>
              <Table.Td>
                <Tooltip label={`Revoke ${token.name}`}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Revoke ${token.name}`} onClick={() => onRevoke(token)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RevokeModal({ token, onClose, onRevoked }: { token: PersonalToken; onClose: () => void; onRevoked: (id: number) => void }) {
  const revoke = async () => {
    await revokePersonalToken(token.id);
    onRevoked(token.id);
    await invalidatePersonalTokens();
  };
  return (
    <ConfirmModal title="Revoke this token?" confirmLabel="Revoke token" onConfirm={revoke} onClose={onClose}>
      Scripts using “{token.name}” will get “Unauthenticated.” from their next request. This cannot be undone.
    </ConfirmModal>
  );
}
