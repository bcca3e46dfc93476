import { Button, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import type { ReceiptMatch } from '@mindspend/api-contract';
import { matchChoiceLabel } from './capture-form';

interface MatchChoicesProps {
  matches: readonly ReceiptMatch[];
  /** The currency of each account, for the amounts: a match is in its account's currency. */
  currencyOfAccount: (accountId: number) => string | undefined;
  busy: boolean;
  creating: boolean;
  onAttach: (match: ReceiptMatch) => void;
  onCreate: () => void;
}

/** The recorded purchases the receipt may be, one tap each, and the choice of a new one (DECISIONS.md #114). */
export function MatchChoices({ matches, currencyOfAccount, busy, creating, onAttach, onCreate }: MatchChoicesProps) {
  return (
    <Stack gap="xs" role="group" aria-labelledby="match-choices-title">
      <Text fw={500} size="sm" id="match-choices-title">
        {matches.length === 1 ? 'Is it this purchase you recorded?' : 'Is it one of these purchases you recorded?'}
      </Text>
      {matches.map((match) => (
        <Button
          key={match.transaction_id}
          variant="light"
          justify="flex-start"
          leftSection={<IconPaperclip size={16} />}
          onClick={() => onAttach(match)}
          disabled={busy}
          styles={{ root: { height: 'auto', minHeight: 40, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {matchChoiceLabel(match, currencyOfAccount(match.account_id) ?? 'USD')}
        </Button>
      ))}
      <Button variant={creating ? 'filled' : 'default'} justify="flex-start" leftSection={<IconPlus size={16} />} onClick={onCreate} disabled={busy} aria-pressed={creating}>
        Create a new transaction
      </Button>
    </Stack>
  );
}
