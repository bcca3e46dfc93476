import { useState } from 'react';
import type { Transaction } from '@mindspend/api-contract';
import { SAVE_FAILED } from './flow-steps';

export interface FlowSteps {
  index: number;
  current: Transaction | null;
  done: boolean;
  busy: boolean;
  /** Saves the current step with `save`; on success moves on (or finishes), on failure alerts and stays. */
  saveAndNext: (save: (transaction: Transaction) => Promise<void>) => Promise<void>;
}

/** Stepping through a fixed list of transactions, one save per step (spec §4 flows, §8 alert). */
export function useFlowSteps(steps: readonly Transaction[], onFinished: (savedIds: number[]) => void, onSaved: (id: number) => void): FlowSteps {
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState(steps.length === 0);
  const [busy, setBusy] = useState(false);
  const current = done ? null : (steps[index] ?? null);

  const saveAndNext = async (save: (transaction: Transaction) => Promise<void>) => {
    if (!current || busy) return;
    setBusy(true);
    try {
      await save(current);
    } catch {
      setBusy(false);
      window.alert(SAVE_FAILED);
      return;
    }
    setBusy(false);
    onSaved(current.id);
    if (index + 1 >= steps.length) {
      setDone(true);
      onFinished(steps.map((step) => step.id));
    } else {
      setIndex(index + 1);
    }
  };

  return { index, current, done, busy, saveAndNext };
}
