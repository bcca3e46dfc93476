import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { saveLabel, stepHeader } from '../categorize/flow-steps';
import { AllDone, StepFrame } from '../categorize/StepFrame';
import { useFlowSteps } from '../categorize/use-flow-steps';
import { FeelingPicker } from '../transactions/FeelingPicker';
import { feelingLabel } from '../transactions/feelings';
import { SECOND_LOOK_PAGE, fetchSecondLook, recordSecondFeeling } from './api';

interface SecondLookDialogProps {
  /** The first page of the expenses due, as it was when the dialog opened, oldest first. */
  firstPage: Transaction[];
  /** After each page: the month lists and the count reload. */
  onFinished: () => void;
  onClose: () => void;
}

/** How it felt at the till, so the new answer is a comparison, not a guess. */
function FirstFeeling({ transaction }: { transaction: Transaction }) {
  const first = transaction.emotion_names[0];
  return (
    <Text size="sm" c="dimmed" data-testid="second-look-first">
      {first ? `At the time: ${feelingLabel(first)}.` : 'No feeling was recorded at the time.'}
    </Text>
  );
}

/** The end of a full page: more may be due, asked for only when the person wants them. */
function PageDone({ loading, onMore, onClose }: { loading: boolean; onMore: () => void; onClose: () => void }) {
  return (
    <Stack align="center" gap="xs" py="md" data-testid="second-look-page-done">
      <Text ta="center">That was this page. More purchases are due for a second look.</Text>
      <Group mt="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onMore} loading={loading}>
          Show more
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The second-look step-through (DECISIONS.md #44), built like the Emotions flow: 'How does it feel
 * now?' for each expense due. The answer is kept beside the first feeling; Skip leaves an expense
 * for another time. A page at a time (issue 29, DECISIONS.md #105): after a full page, 'Show more'
 * asks for the expenses after its last one.
 */
export function SecondLookDialog({ firstPage, onFinished, onClose }: SecondLookDialogProps) {
  const [page, setPage] = useState({ number: 1, steps: firstPage });
  const [loading, setLoading] = useState(false);

  const more = async () => {
    const last = page.steps.at(-1);
    if (!last) return;
    setLoading(true);
    try {
      const steps = await fetchSecondLook(last);
      setPage({ number: page.number + 1, steps });
    } catch {
      window.alert('Could not load more purchases. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Second look" size="md" closeOnClickOutside={!loading}>
      <PageSteps
        key={page.number}
        steps={page.steps}
        full={page.steps.length >= SECOND_LOOK_PAGE}
        loading={loading}
        onFinished={onFinished}
        onMore={() => void more()}
        onClose={onClose}
      />
    </Modal>
  );
}

interface PageStepsProps {
  steps: Transaction[];
  /** A full page: more may follow. */
  full: boolean;
  loading: boolean;
  onFinished: () => void;
  onMore: () => void;
  onClose: () => void;
}

/** One page's steps, then either 'Show more' (a full page) or All Done. */
function PageSteps({ steps, full, loading, onFinished, onMore, onClose }: PageStepsProps) {
  const flow = useFlowSteps(steps, onFinished, () => undefined);
  const transaction = flow.current;
  const [choice, setChoice] = useState<{ id: number; feeling: Feeling | null } | null>(null);
  const feeling = transaction !== null && choice?.id === transaction.id ? choice.feeling : null;

  const save = () =>
    flow.saveAndNext(async (current) => {
      if (feeling !== null) await recordSecondFeeling(current.id, feeling);
    });
  const skip = () => flow.saveAndNext(async () => undefined);

  if (transaction === null) {
    return full ? (
      <PageDone loading={loading} onMore={onMore} onClose={onClose} />
    ) : (
      <AllDone message="Every purchase due has had its second look." onClose={onClose} />
    );
  }
  return (
    <StepFrame
      transaction={transaction}
      header={stepHeader(steps, flow.index)}
      saveLabel={saveLabel(flow.index, steps.length)}
      canSave={feeling !== null}
      busy={flow.busy}
      onSave={() => void save()}
      onSkip={() => void skip()}
      onClose={onClose}
    >
      <FirstFeeling transaction={transaction} />
      <FeelingPicker
        label="How does it feel now?"
        value={feeling}
        onChange={(next) => setChoice({ id: transaction.id, feeling: next })}
      />
    </StepFrame>
  );
}
