/** Labels of the feelings and purposes (spec §3 enumerations). */
import { FEELINGS, PURPOSES, type Feeling, type Purpose } from '@mindspend/domain';

export function feelingLabel(feeling: Feeling): string {
  return FEELINGS.find((entry) => entry.value === feeling)?.label ?? feeling;
}

/** `survival` → `Survival`. */
export function purposeLabel(purpose: Purpose): string {
  return purpose.charAt(0).toUpperCase() + purpose.slice(1);
}

export const PURPOSE_OPTIONS = PURPOSES.map((value) => ({ value, label: purposeLabel(value) }));
