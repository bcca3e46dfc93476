import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { formatMoney, toCents } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useSubscription } from './api';
import { CancelSubscriptionButton } from './CancelSubscriptionButton';
import { formatRenewal } from './format-renewal';
import { UpgradeForm } from './UpgradeForm';

function priceText(plan: string, amount: number): string {
  if (plan === 'free') return 'Free';
  return amount > 0 ? `${formatMoney(toCents(amount))} per month` : 'No charge';
}

/** The user's real plan, price and renewal date (DECISIONS.md #7); free offers an upgrade. */
export function SubscriptionCard() {
  const query = useSubscription();
  const sub = query.data;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="subscription-card">
      <Group gap="xs" mb="md">
        <IconCreditCard size={20} />
        <Title order={2} fz="h4">
          Subscription
        </Title>
      </Group>
      {query.isPending ? <Skeleton h={80} /> : null}
      {query.isError ? (
        <ErrorList messages={query.error instanceof ApiError ? query.error.messages : [UNEXPECTED_ERROR]} />
      ) : null}
      {sub ? (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Group gap="xs">
                <Text fw={700} fz="lg">
                  {sub.label}
                </Text>
                <Badge color={sub.cancel_at_period_end ? 'orange' : sub.status === 'active' ? 'teal' : 'gray'} variant="light">
                  {sub.cancel_at_period_end ? 'Cancels at period end' : sub.status === 'active' ? 'Active' : 'Canceled'}
                </Badge>
              </Group>
              <Text c="dimmed" size="sm">
                {priceText(sub.plan, sub.amount)}
                {sub.card_last4 ? ` · card ending ${sub.card_last4}` : ''}
                {sub.promo_code ? ` · promo code ${sub.promo_code}` : ''}
              </Text>
            </div>
            {sub.plan === 'budget_master' && !sub.cancel_at_period_end && sub.status === 'active' ? (
              <CancelSubscriptionButton />
            ) : null}
          </Group>
          {sub.ends_at ? (
            <Text size="sm">
              Canceled: paid features end on <b>{formatRenewal(sub.ends_at)}</b>
            </Text>
          ) : null}
          {sub.renews_at ? (
            <Text size="sm">
              Renews on <b>{formatRenewal(sub.renews_at)}</b>
            </Text>
          ) : null}
          {sub.plan === 'free' ? <UpgradeForm /> : null}
        </Stack>
      ) : null}
    </Card>
  );
}
