import { useState } from 'react';
import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { useDetectedSubscriptions, useUpdateDetectedSubscription } from './api';
import { PastSubscriptions } from './PastSubscriptions';
import { RegrettedSection } from './RegrettedSection';
import { RenameModal } from './RenameModal';
import { ReviewCard } from './ReviewCard';
import { SubscriptionCard } from './SubscriptionCard';
import { SubscriptionsEmpty } from './SubscriptionsEmpty';
import { subscriptionSections } from './subscription-list';

const messagesOf = (error: unknown): string[] => (error ? (error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]) : []);

/**
 * /subscriptions (issue 31, DECISIONS.md #100): the recurring charges found in the book's
 * expenses. The second looks due come first, then what the person regrets paying and its yearly
 * total, then every active subscription; dismissed and ended ones are folded away below.
 */
export function SubscriptionsPage() {
  const today = useToday();
  const query = useDetectedSubscriptions();
  const update = useUpdateDetectedSubscription();
  const [renaming, setRenaming] = useState<DetectedSubscriptionWire | null>(null);
  const list = query.data?.subscriptions ?? [];
  const sections = subscriptionSections(list);
  const busyId = update.isPending ? update.variables.id : null;
  const setState = (sub: DetectedSubscriptionWire, state: DetectedSubscriptionWire['state']) => update.mutate({ id: sub.id, body: { state } });

  return (
    <Container size="lg" py="lg" data-testid="subscriptions-page">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Subscriptions
          </Title>
          <Text c="dimmed" size="sm">
            Charges that come back every month, every 3 months or every year, found in your expenses — and whether each is still worth it.
          </Text>
        </div>
        <ErrorList messages={[...messagesOf(query.error), ...messagesOf(update.error)]} />
        {query.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton h={220} />
            <Skeleton h={220} />
          </SimpleGrid>
        ) : list.length === 0 ? (
          query.error ? null : <SubscriptionsEmpty />
        ) : (
          <>
            {sections.toReview.length > 0 ? (
              <Stack gap="xs" component="section" aria-labelledby="second-look-title">
                <Title order={2} fz="h4" id="second-look-title">
                  A second look
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {sections.toReview.map((sub) => (
                    <ReviewCard key={sub.id} subscription={sub} />
                  ))}
                </SimpleGrid>
              </Stack>
            ) : null}
            {query.data ? <RegrettedSection subscriptions={sections.regretted} regretted={query.data.regretted} /> : null}
            <Stack gap="xs" component="section" aria-labelledby="active-title">
              <Title order={2} fz="h4" id="active-title">
                Active ({sections.active.length})
              </Title>
              {sections.active.length === 0 ? (
                <Text c="dimmed" size="sm">
                  None is being charged now.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {sections.active.map((sub) => (
                    <SubscriptionCard
                      key={sub.id}
                      subscription={sub}
                      today={today}
                      busy={busyId === sub.id}
                      onRename={() => setRenaming(sub)}
                      onSetState={(state) => setState(sub, state)}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
            <PastSubscriptions title="Dismissed" subscriptions={sections.dismissed} today={today} busyId={busyId} onUndo={(sub) => setState(sub, 'detected')} />
            <PastSubscriptions title="Ended" subscriptions={sections.ended} today={today} busyId={busyId} />
          </>
        )}
      </Stack>
      {renaming ? <RenameModal key={renaming.id} subscription={renaming} onClose={() => setRenaming(null)} /> : null}
    </Container>
  );
}
