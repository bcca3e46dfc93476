import { useState } from 'react';
import { ApiError } from './api-client';
import { UNEXPECTED_ERROR } from './errors';

/**
 * The ask-then-remove flow of a list: which item awaits confirmation, whether the removal is
 * running, and the messages of a failed one (spec §8 catalogue).
 */
export function useRemoval<T>(removeItem: (item: T) => Promise<void>) {
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const remove = async (item: T) => {
    setBusy(true);
    try {
      await removeItem(item);
      setRemoving(null);
      setErrors([]);
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return { removing, setRemoving, busy, errors, remove };
}
