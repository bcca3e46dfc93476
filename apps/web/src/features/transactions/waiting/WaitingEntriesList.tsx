import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { formatRowDate, parseIsoDate } from '@mindspend/domain';
import { useNavigate } from 'react-router';
import { chosenBookId } from '../../../lib/book';
import { feelingLabel } from '../feelings';
import { keepDraft } from '../transaction-draft';
import type { WaitingEntry } from './entry-store';
import { discardEntry, sendWaiting, useWaitingEntries } from './waiting-entries';

const NEW_TRANSACTION_PATH = '/ledger/add-transaction';

function EntryLine({ entry, elsewhere }: { entry: WaitingEntry; elsewhere: boolean }) {
  const navigate = useNavigate();
  const date = parseIsoDate(entry.body.date ?? '');
  const sign = entry.body.type === 'expense' ? '−' : '+';
  // 'Fix' reopens the form as it was typed; the refused copy goes, the fixed one is a new save.
  const fix = async () => {
    keepDraft({ form: 'new' }, entry.form);
    await discardEntry(entry.key);
    void navigate(NEW_TRANSACTION_PATH);
  };
  return (
    <Stack gap={4} data-testid="waiting-entry">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {entry.shown.payee ?? 'No payee'}
          </Text>
          <Text size="xs" c="dimmed">
            {elsewhere ? `${entry.shown.account} · ` : ''}
            {date ? formatRowDate(date) : entry.body.date}
            {entry.shown.feeling ? ` · ${feelingLabel(entry.shown.feeling)}` : ''}
          </Text>
        </div>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {sign}
          {entry.shown.amount}
        </Text>
      </Group>
      {entry.refused ? (
        <Alert color="red" variant="light" p="xs" title="Not saved: the server refused it">
          <Stack gap="xs">
            {entry.refused.map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
            <Group gap="xs">
              <Button size="xs" onClick={() => void fix()}>
                Fix
              </Button>
              <Button size="xs" variant="default" onClick={() => void discardEntry(entry.key)}>
                Discard
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap={4}>
          <IconCloudUpload size={14} aria-hidden />
          <Text size="xs">Waiting to sync</Text>
        </Group>
      )}
    </Stack>
  );
}

interface WaitingEntriesListProps {
  /** The ledger's account. */
  accountId: number | null;
  /** The book's accounts: an entry for none of them (deleted meanwhile) is shown on every ledger. */
  accountIds: readonly number[];
}

/**
 * The ledger's transactions added on this device without a connection (DECISIONS.md #104): the
 * account's entries waiting to be sent, and those the server refused, each to fix or discard.
 */
export function WaitingEntriesList({ accountId, accountIds }: WaitingEntriesListProps) {
  const all = useWaitingEntries();
  const [sending, setSending] = useState(false);
  const bookId = chosenBookId();
  const orphan = (entry: WaitingEntry) => !accountIds.includes(entry.accountId);
  const entries = all.filter((entry) => entry.bookId === bookId && (entry.accountId === accountId || orphan(entry)));
  if (entries.length === 0) return null;
  const waiting = entries.filter((entry) => !entry.refused).length;

  const send = async () => {
    setSending(true);
    await sendWaiting().finally(() => setSending(false));
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="waiting-entries" aria-label="Added on this device">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Text fw={600}>Added on this device</Text>
            <Text size="xs" c="dimmed">
              {waiting > 0 ? 'Sent when the connection returns; nothing is recorded twice.' : 'Fix or discard what was refused.'}
            </Text>
          </div>
          {waiting > 0 ? (
            <Button size="xs" variant="default" loading={sending} onClick={() => void send()}>
              Send now
            </Button>
          ) : null}
        </Group>
        {entries.map((entry) => (
          <EntryLine key={entry.key} entry={entry} elsewhere={entry.accountId !== accountId} />
        ))}
      </Stack>
    </Paper>
  );
}
