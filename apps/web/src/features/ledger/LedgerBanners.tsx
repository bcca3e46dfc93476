import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCategory, IconCircleCheck, IconMoodEmpty } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { isMissingEmotion, isUncategorized } from '@mindspend/domain';
import { formatAmountIn } from '../../lib/money';
import { CategorizeDialog } from '../categorize/CategorizeDialog';
import { EmotionsDialog } from '../categorize/EmotionsDialog';
import { missingEmotionSteps, uncategorizedSteps } from '../categorize/flow-steps';
import { ImportSummaryAlert } from '../imports/ImportSummaryAlert';
import { invalidateTransactions } from '../transactions/api';
import { TransferSuggestionsBanner } from '../transfers/TransferSuggestionsBanner';
import { bannerCounts } from './ledger-filters';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The saved ids that the list still shows as needing the flow (it has not reloaded yet). */
function stillPending(set: ReadonlySet<number>, list: readonly Transaction[], pending: (t: Transaction) => boolean): ReadonlySet<number> {
  const kept = new Set(list.filter((t) => set.has(t.id) && pending(t)).map((t) => t.id));
  return kept.size === set.size ? set : kept;
}

type Flow = { kind: 'categorize' | 'emotions'; steps: Transaction[] };

/**
 * Spec §2.3 banners with the flows of §4 they open: the uncategorized warning ('Categorize Now'),
 * the missing-emotions one, their success banners, and the summary of a just-finished import.
 * Ids saved by a flow count as done at once, while the month reloads.
 */
export function LedgerBanners({ transactions, accountId }: { transactions: readonly Transaction[]; accountId: number | null }) {
  const [flow, setFlow] = useState<Flow | null>(null);
  const [categorized, setCategorized] = useState<ReadonlySet<number>>(new Set());
  const [felt, setFelt] = useState<ReadonlySet<number>>(new Set());
  const [finished, setFinished] = useState({ categorize: false, emotions: false });

  const uncategorized = useMemo(() => uncategorizedSteps(transactions).filter((t) => !categorized.has(t.id)), [transactions, categorized]);
  const missing = useMemo(() => missingEmotionSteps(transactions).filter((t) => !felt.has(t.id)), [transactions, felt]);
  const counts = useMemo(() => bannerCounts(uncategorized), [uncategorized]);

  // Once a reloaded month shows a saved id as done, the list itself says so: forget the id, so a
  // transaction made uncategorized again later counts again.
  const [seenList, setSeenList] = useState(transactions);
  if (seenList !== transactions) {
    setSeenList(transactions);
    setCategorized((set) => stillPending(set, transactions, isUncategorized));
    setFelt((set) => stillPending(set, transactions, isMissingEmotion));
  }

  const close = () => {
    setFlow(null);
    void invalidateTransactions();
  };
  const finish = (kind: Flow['kind']) => () => {
    setFinished((was) => ({ ...was, [kind]: true }));
    // Spec §4: the month's transactions reload after the last step.
    void invalidateTransactions();
  };
  const add = (set: ReadonlySet<number>, id: number) => new Set([...set, id]);

  return (
    <Stack gap="xs">
      <ImportSummaryAlert accountId={accountId} />
      <TransferSuggestionsBanner />
      {/* The success banners clear as soon as new items need the flow again. */}
      {finished.categorize && uncategorized.length === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} py="xs" withCloseButton onClose={() => setFinished((was) => ({ ...was, categorize: false }))} data-testid="categorized-success">
          All Transactions Categorized!
        </Alert>
      ) : null}
      {finished.emotions && missing.length === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} py="xs" withCloseButton onClose={() => setFinished((was) => ({ ...was, emotions: false }))} data-testid="emotions-success">
          All Emotions Added!
        </Alert>
      ) : null}
      {uncategorized.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconCategory />} data-testid="uncategorized-banner" py="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {plural(uncategorized.length, 'uncategorized transaction')} totaling {formatAmountIn(counts.uncategorizedCents, uncategorized[0]?.currency)} need
              {uncategorized.length === 1 ? 's' : ''} a category.
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={() => setFlow({ kind: 'categorize', steps: uncategorized })} style={{ flexShrink: 0 }}>
              Categorize Now
            </Button>
          </Group>
        </Alert>
      ) : null}
      {missing.length > 0 ? (
        <Alert color="blue" variant="light" icon={<IconMoodEmpty />} data-testid="missing-emotions-banner" py="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {plural(missing.length, 'transaction')} {missing.length === 1 ? 'has' : 'have'} no feeling yet.
            </Text>
            <Button size="xs" variant="light" color="blue" onClick={() => setFlow({ kind: 'emotions', steps: missing })} style={{ flexShrink: 0 }}>
              Add Feelings
            </Button>
          </Group>
        </Alert>
      ) : null}
      {flow?.kind === 'categorize' ? (
        <CategorizeDialog
          steps={flow.steps}
          history={transactions}
          onSaved={(id) => setCategorized((set) => add(set, id))}
          onFinished={finish('categorize')}
          onClose={close}
        />
      ) : null}
      {flow?.kind === 'emotions' ? (
        <EmotionsDialog steps={flow.steps} onSaved={(id) => setFelt((set) => add(set, id))} onFinished={finish('emotions')} onClose={close} />
      ) : null}
    </Stack>
  );
}
