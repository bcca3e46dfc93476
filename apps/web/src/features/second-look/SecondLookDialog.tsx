import { useState } from 'react';
import { Modal, Text } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { saveLabel, stepHeader } from '../categorize/flow-steps';
import { AllDone, StepFrame } from '../categorize/StepFrame';
import { useFlowSteps } from '../categorize/use-flow-steps';
import { FeelingPicker } from '../transactions/FeelingPicker';
import { feelingLabel } from '../transactions/feelings';
import { recordSecondFeeling } from './api';

interface SecondLookDialogProps {
  /** The expenses due as they were when the dialog opened, oldest first. */
  steps: Transaction[];
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

/**
 * The second-look step-through (DECISIONS.md #44), built like the Emotions flow: 'How does it feel
 * now?' for each expense due. The answer is kept beside the first feeling; Skip leaves an expense
 * for another time.
 */
export function SecondLookDialog({ steps, onFinished, onClose }: SecondLookDialogProps) {
  const flow = useFlowSteps(steps, onFinished, () => undefined);
  const transaction = flow.current;
  const [choice, setChoice] = useState<{ id: number; feeling: Feeling | null } | null>(null);
  const feeling = transaction !== null && choice?.id === transaction.id ? choice.feeling : null;

  const save = () =>
    flow.saveAndNext(async (current) => {
      if (feeling !== null) await recordSecondFeeling(current.id, feeling);
    });
  const skip = () => flow.saveAndNext(async () => undefined);

  return (
    <Modal opened onClose={onClose} title="Second look" size="md" closeOnClickOutside={!flow.busy}>
      {transaction === null ? (
        <AllDone message="Every purchase due has had its second look." onClose={onClose} />
      ) : (
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
      )}
    </Modal>
  );
}
