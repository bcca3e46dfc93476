import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconTargetArrow } from '@tabler/icons-react';
import type { UnbudgetedSubcategory } from '@mindspend/api-contract';
import { toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { useUnbudgeted } from './api';
import { UnbudgetedDialog } from './UnbudgetedDialog';

interface UnbudgetedBannerProps {
  accountId: number | null;
  month: YearMonth;
  /** Changes whenever the ledger's transactions reload: the list is asked again then. */
  version: number;
}

/**
 * The ledger's 'Categories Need Budgets' banner (spec §2.3, §4): expense sub-categories with
 * spending this month on this account and no budget, with their count and total.
 */
export function UnbudgetedBanner({ accountId, month, version }: UnbudgetedBannerProps) {
  const unbudgeted = useUnbudgeted(accountId, month);
  const { refetch } = unbudgeted;
  useEffect(() => {
    if (version > 0 && accountId !== null) void refetch();
  }, [version, accountId, refetch]);
  const [opened, setOpened] = useState<UnbudgetedSubcategory[] | null>(null);
  const [finished, setFinished] = useState(false);
  const list = unbudgeted.data ?? [];
  const totalCents = list.reduce((total, sub) => total + toCents(sub.spent), 0);
  return (
    <>
      {finished && list.length === 0 ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          py="xs"
          withCloseButton
          onClose={() => setFinished(false)}
          data-testid="unbudgeted-success"
        >
          All Categories Budgeted!
        </Alert>
      ) : null}
      {list.length > 0 && opened === null ? (
        <Alert
          color="grape"
          variant="light"
          icon={<IconTargetArrow />}
          py="xs"
          data-testid="unbudgeted-banner"
          title="Categories Need Budgets"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {list.length} categor{list.length === 1 ? 'y' : 'ies'} with {formatAmount(totalCents)} spent this
              month {list.length === 1 ? 'has' : 'have'} no budget.
            </Text>
            {/* Its whole label, whatever the sentence beside it needs (a phone: issue 29). */}
            <Button size="xs" variant="light" color="grape" onClick={() => setOpened(list)} style={{ flexShrink: 0 }}>
              Budget Now
            </Button>
          </Group>
        </Alert>
      ) : null}
      {opened && opened.length > 0 ? (
        <UnbudgetedDialog
          subcategories={opened}
          month={month}
          onClose={() => setOpened(null)}
          onFinished={() => setFinished(true)}
        />
      ) : null}
    </>
  );
}
