import { useState } from 'react';
import { Modal, Select, SimpleGrid } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import { useCategories } from '../categories/api';
import { updateTransaction } from '../transactions/api';
import { categorizeBody, prefillChoice, saveLabel, sessionPayeeMemory, stepHeader } from './flow-steps';
import { AllDone, StepFrame } from './StepFrame';
import { useFlowSteps } from './use-flow-steps';

interface CategorizeDialogProps {
  /** The uncategorized transactions as they were when the dialog opened. */
  steps: Transaction[];
  /** The month's transactions: earlier categorized ones of a payee prefill its next step. */
  history: readonly Transaction[];
  onSaved: (id: number) => void;
  onFinished: () => void;
  onClose: () => void;
}

interface Choice {
  categoryId: number | null;
  subcategoryId: number | null;
}

/** Categorize flow (spec §4): one uncategorized transaction at a time, a category and a sub-category each. */
export function CategorizeDialog({ steps, history, onSaved, onFinished, onClose }: CategorizeDialogProps) {
  const flow = useFlowSteps(steps, onFinished, onSaved);
  const income = useCategories('income');
  const expense = useCategories('expense');
  const transaction = flow.current;
  // The choice belongs to one step; a new step starts from its prefill.
  const [choice, setChoice] = useState<{ id: number; value: Choice } | null>(null);
  const value: Choice =
    transaction === null
      ? { categoryId: null, subcategoryId: null }
      : choice?.id === transaction.id
        ? choice.value
        : (prefillChoice(transaction, sessionPayeeMemory, history) ?? { categoryId: null, subcategoryId: null });

  const categories = (transaction?.type === 'income' ? income.data : expense.data) ?? [];
  const loading = transaction?.type === 'income' ? income.isPending : expense.isPending;
  const category = categories.find((entry) => entry.id === value.categoryId);
  const subcategory = category?.subcategories.find((entry) => entry.id === value.subcategoryId);
  const set = (next: Choice) => {
    if (transaction) setChoice({ id: transaction.id, value: next });
  };

  const save = () =>
    flow.saveAndNext(async (current) => {
      if (!category || !subcategory) return;
      await updateTransaction(current.id, categorizeBody(current, subcategory.id));
      sessionPayeeMemory.remember(current, { categoryId: category.id, subcategoryId: subcategory.id });
    });

  return (
    <Modal opened onClose={onClose} title="Categorize Transactions" size="md" closeOnClickOutside={!flow.busy}>
      {transaction === null ? (
        <AllDone message="All Transactions Categorized!" onClose={onClose} />
      ) : (
        <StepFrame
          transaction={transaction}
          header={stepHeader(steps, flow.index)}
          saveLabel={saveLabel(flow.index, steps.length)}
          canSave={Boolean(category && subcategory)}
          busy={flow.busy}
          onSave={() => void save()}
          onClose={onClose}
        >
          <SimpleGrid cols={1} spacing="sm">
            <Select
              label="Category"
              placeholder={loading ? 'Loading…' : 'Choose a category'}
              data={categories.map((entry) => ({ value: String(entry.id), label: entry.name }))}
              value={category ? String(category.id) : null}
              onChange={(next) => set({ categoryId: next === null ? null : Number(next), subcategoryId: null })}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Sub-category"
              placeholder={category ? 'Choose a sub-category' : 'Choose a category first'}
              data={(category?.subcategories ?? []).map((sub) => ({ value: String(sub.id), label: `${sub.emoji} ${sub.name}` }))}
              value={subcategory ? String(subcategory.id) : null}
              onChange={(next) => set({ categoryId: value.categoryId, subcategoryId: next === null ? null : Number(next) })}
              disabled={!category}
              searchable
            />
          </SimpleGrid>
        </StepFrame>
      )}
    </Modal>
  );
}
