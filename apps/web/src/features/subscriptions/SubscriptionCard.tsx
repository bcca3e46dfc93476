import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconThumbDown, IconThumbUp, IconX } from '@tabler/icons-react';
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';
import { bookMoney } from './book-money';
import { Figure } from './Figure';
import { cadenceWord, chargesText, dayText, latestAnswerText, payeeText, priceHistoryText } from './subscription-text';

type State = DetectedSubscriptionWire['state'];

interface SubscriptionCardProps {
  subscription: DetectedSubscriptionWire;
  /** The person's today, `YYYY-MM-DD`: dates of this year are written without it. */
  today: string;
  onRename: () => void;
  onSetState: (state: State) => void;
  /** A change of this subscription is being sent. */
  busy: boolean;
}

/**
 * One active subscription: its name (and payee when renamed), cadence and state, what it costs
 * per charge and per year, when it was and will be charged, its price history, the latest second
 * look, and the person's word on it (rename, confirm, dismiss).
 */
export function SubscriptionCard({ subscription: sub, today, onRename, onSetState, busy }: SubscriptionCardProps) {
  const history = priceHistoryText(sub.price_history, bookMoney, today);
  const payee = payeeText(sub);
  const answer = latestAnswerText(sub.latest_review, today);
  return (
    <Card withBorder radius="lg" p="md" data-testid="subscription-card" data-state={sub.state}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }} data-testid="subscription-name">
              {sub.name}
            </Title>
            {payee ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {payee}
              </Text>
            ) : null}
          </div>
          <Badge color={sub.state === 'confirmed' ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }} data-testid="subscription-state">
            {sub.state === 'confirmed' ? 'Confirmed' : 'Detected'}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
          <Figure label={cadenceWord(sub.cadence)} value={bookMoney(sub.amount)} testId="subscription-amount" />
          <Figure label="A year" value={bookMoney(sub.yearly_cost)} testId="subscription-yearly" />
          <Figure label="Charged" value={chargesText(sub.charges)} testId="subscription-charges" />
          <Figure label="Last charge" value={dayText(sub.last_charge, today)} testId="subscription-last" />
          <Figure label="Next charge" value={dayText(sub.next_charge, today)} testId="subscription-next" />
        </SimpleGrid>
        {history ? (
          <Text size="sm" data-testid="subscription-history">
            Price: {history}
          </Text>
        ) : null}
        {answer ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {sub.latest_review?.still_worth_it === false ? (
              <IconThumbDown size={16} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            ) : (
              <IconThumbUp size={16} color="var(--mantine-color-teal-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="subscription-answer">
              {answer}
            </Text>
          </Group>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onRename} aria-label={`Rename ${sub.name}`}>
            Rename
          </Button>
          {sub.state === 'detected' ? (
            <Button size="xs" variant="light" color="teal" leftSection={<IconCheck size={14} />} onClick={() => onSetState('confirmed')} disabled={busy}>
              Yes, it&apos;s a subscription
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => onSetState('dismissed')} disabled={busy}>
            Not a subscription
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
