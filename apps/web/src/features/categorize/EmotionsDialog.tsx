import { useState } from 'react';
import { Modal } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { FeelingPicker } from '../transactions/FeelingPicker';
import { FeelingSuggestion } from '../transactions/FeelingSuggestion';
import { updateTransaction } from '../transactions/api';
import { emotionBody, saveLabel, stepHeader } from './flow-steps';
import { AllDone, StepFrame } from './StepFrame';
import { useFlowSteps } from './use-flow-steps';

interface EmotionsDialogProps {
  /** The transactions without a feeling as they were when the dialog opened. */
  steps: Transaction[];
  onSaved: (id: number) => void;
  onFinished: () => void;
  onClose: () => void;
}

/** Emotions flow (spec §4): exactly one feeling per transaction; Save stays disabled with none. */
export function EmotionsDialog({ steps, onSaved, onFinished, onClose }: EmotionsDialogProps) {
  const flow = useFlowSteps(steps, onFinished, onSaved);
  const transaction = flow.current;
  const [choice, setChoice] = useState<{ id: number; feeling: Feeling | null } | null>(null);
  const feeling = transaction !== null && choice?.id === transaction.id ? choice.feeling : null;

  const save = () =>
    flow.saveAndNext(async (current) => {
      if (feeling === null) return;
      await updateTransaction(current.id, emotionBody(current, feeling));
    });

  return (
    <Modal opened onClose={onClose} title="Add Emotions" size="md" closeOnClickOutside={!flow.busy}>
      {transaction === null ? (
        <AllDone message="All Emotions Added!" onClose={onClose} />
      ) : (
        <StepFrame
          transaction={transaction}
          header={stepHeader(steps, flow.index)}
          saveLabel={saveLabel(flow.index, steps.length)}
          canSave={feeling !== null}
          busy={flow.busy}
          onSave={() => void save()}
          onClose={onClose}
        >
          {transaction.type === 'expense' ? (
            <FeelingSuggestion
              key={transaction.id}
              entityId={transaction.entity_id}
              subcategoryId={transaction.subcategories.length === 1 ? (transaction.subcategories[0]?.id ?? null) : null}
              feeling={feeling}
              purpose={null}
              withPurpose={false}
              onUse={(use) => setChoice({ id: transaction.id, feeling: use.feeling })}
            />
          ) : null}
          <FeelingPicker value={feeling} onChange={(next) => setChoice({ id: transaction.id, feeling: next })} />
        </StepFrame>
      )}
    </Modal>
  );
}
