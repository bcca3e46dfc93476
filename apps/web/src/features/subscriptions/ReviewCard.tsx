import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { LONG_TEXT_MAX, type DetectedSubscriptionWire } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useReviewDetectedSubscription } from './api';
import { bookMoney } from './book-money';

const ANSWER_BUTTON = { flex: '1 1 11rem' } as const;

/**
 * The second look at one subscription (once a quarter, and after a price rise): the server's
 * question, an optional note and the two answers. Once answered the list is read again, the
 * subscription is no longer due, and this card goes away.
 */
export function ReviewCard({ subscription }: { subscription: DetectedSubscriptionWire }) {
  const review = useReviewDetectedSubscription();
  const [note, setNote] = useState('');
  const answer = (stillWorthIt: boolean) => {
    const trimmed = note.trim();
    review.mutate({ id: subscription.id, body: { still_worth_it: stillWorthIt, note: trimmed === '' ? null : trimmed } });
  };
  const errors = review.error ? (review.error instanceof ApiError ? review.error.messages : [UNEXPECTED_ERROR]) : [];
  const sending = review.isPending;
  // Which button spins: the one pressed, read from the request being sent.
  const pressed = sending ? review.variables.body.still_worth_it : null;
  return (
    <Card withBorder radius="lg" p="md" data-testid="subscription-review" aria-label={`Second look at ${subscription.name}`} component="section">
      <Stack gap="sm">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="subscription-review-question">
          {subscription.review_question}
        </Text>
        <Text size="sm" c="dimmed">
          That is {bookMoney(subscription.yearly_cost)} a year.
        </Text>
        <ErrorList messages={errors} />
        <TextInput
          label="Note (optional)"
          placeholder="e.g. I only watch one show"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={LONG_TEXT_MAX}
        />
        {/*
          Side by side while the card has room for both labels whole, one above the other when it has
          not (a phone, a tablet's half-width card): each button grows from 11rem and wraps below it.
        */}
        <Group gap="xs" wrap="wrap">
          <Button style={ANSWER_BUTTON} color="teal" leftSection={<IconThumbUp size={16} />} onClick={() => answer(true)} loading={pressed === true} disabled={sending}>
            Still worth it
          </Button>
          <Button style={ANSWER_BUTTON} variant="light" color="red" leftSection={<IconThumbDown size={16} />} onClick={() => answer(false)} loading={pressed === false} disabled={sending}>
            Not worth it
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
