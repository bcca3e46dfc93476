/**
 * Transfer suggestions in the ledger (issue 15, docs/DECISIONS.md #48): after an import or a bank
 * sync, the pairs that look like one transfer seen from both accounts. Nothing is merged until the
 * user marks a pair as a transfer; 'Not a transfer' is remembered on the server.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { TransferSuggestion } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { acceptSuggestion, dismissSuggestion, invalidateTransfers, useTransferSuggestions } from './api';
import { suggestionText } from './suggestion-text';

/** Suggestions shown at once; the next ones appear as these are answered. */
const SHOWN = 3;

function SuggestionRow({ suggestion }: { suggestion: TransferSuggestion }) {
  const [busy, setBusy] = useState<'accept' | 'dismiss' | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const pair = { from_transaction_id: suggestion.from.transaction_id, to_transaction_id: suggestion.to.transaction_id };
  const answer = async (kind: 'accept' | 'dismiss') => {
    setBusy(kind);
    setErrors([]);
    try {
      await (kind === 'accept' ? acceptSuggestion(pair) : dismissSuggestion(pair));
      await invalidateTransfers();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} data-testid="transfer-suggestion">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{suggestionText(suggestion)}</Text>
        <Group gap="xs" style={{ flexShrink: 0 }}>
          <Button size="xs" variant="default" onClick={() => void answer('dismiss')} loading={busy === 'dismiss'} disabled={busy !== null}>
            Not a transfer
          </Button>
          <Button size="xs" color="indigo" onClick={() => void answer('accept')} loading={busy === 'accept'} disabled={busy !== null}>
            Mark as transfer
          </Button>
        </Group>
      </Group>
      <ErrorList messages={errors} />
    </Stack>
  );
}

export function TransferSuggestionsBanner() {
  const suggestions = useTransferSuggestions(true);
  const list = suggestions.data ?? [];
  if (list.length === 0) return null;
  const hidden = list.length - SHOWN;
  return (
    <Alert color="indigo" variant="light" icon={<IconArrowsExchange />} py="xs" title="Possible transfers between your accounts" data-testid="transfer-suggestions">
      <Stack gap="xs">
        {list.slice(0, SHOWN).map((suggestion) => (
          <SuggestionRow key={`${suggestion.from.transaction_id}:${suggestion.to.transaction_id}`} suggestion={suggestion} />
        ))}
        {hidden > 0 ? (
          <Text size="xs" c="dimmed">
            and {hidden} more
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
