/** Purpose targets, the month's purpose figures and the month-end reflection (issue 16, DECISIONS.md #45). */
import {
  FEELING_VALUES,
  PURPOSE_VALUES,
  REFLECTION_EMPTY_MESSAGE,
  REFLECTION_TEXT_MAX,
  TARGET_PERCENT_MESSAGE,
  isTargetPercent,
  purposeTargetProblems,
} from '@mindspend/domain';
import { z } from 'zod';
import { text } from './common';
import { monthParams, referenceIdParam } from './ledger-common';

/** One sentence for every wrong value: a type message would not say what is allowed. */
const targetPercent = z.custom<number>((value) => isTargetPercent(value), TARGET_PERCENT_MESSAGE);

const targetsShape = z.object({ survival: z.number().int(), optional: z.number().int(), culture: z.number().int(), unexpected: z.number().int() });

/** PUT /purpose-targets: four whole percents that add up to 100. */
export const purposeTargetsBody = z
  .object({ survival: targetPercent, optional: targetPercent, culture: targetPercent, unexpected: targetPercent })
  .superRefine((body, ctx) => {
    for (const message of purposeTargetProblems(body)) ctx.addIssue({ code: 'custom', path: ['total'], message });
  });
export type PurposeTargetsBody = z.infer<typeof purposeTargetsBody>;

/** The person's targets (null until they save some) and the shares offered to start from. */
export const purposeTargetsResponse = z.object({ targets: targetsShape.nullable(), suggested: targetsShape });
export type PurposeTargetsResponse = z.infer<typeof purposeTargetsResponse>;

/** GET /purposes/month/{m}/year/{y}: each purpose's spending that month against its target. */
export const purposeMonthResponse = z.array(
  z.object({
    purpose: z.enum(PURPOSE_VALUES),
    /** Null when the person has set no targets. */
    target_percent: z.number().int().nullable(),
    /** Dollars. */
    spent: z.number(),
    /** Percent of the month's whole expense spending, one decimal. */
    percent: z.number(),
  }),
);
export type PurposeMonth = z.infer<typeof purposeMonthResponse>;

const reflectionText = text(REFLECTION_TEXT_MAX);

/** PUT /reflections/month/{m}/year/{y}: what went well and what to change; not both empty. */
export const reflectionBody = z
  .object({ went_well: reflectionText, change_next: reflectionText })
  .superRefine((body, ctx) => {
    if (body.went_well.trim() === '' && body.change_next.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['went_well'], message: REFLECTION_EMPTY_MESSAGE });
    }
  });
export type ReflectionBody = z.infer<typeof reflectionBody>;

/** A month's reflection; a month without one answers the same shape, empty, with `updated_at` null. */
export const reflectionResponse = z.object({
  month: z.number().int(),
  year: z.number().int(),
  went_well: z.string(),
  change_next: z.string(),
  updated_at: z.string().nullable(),
});
export type Reflection = z.infer<typeof reflectionResponse>;

/** GET /suggestions/feeling?entity_id=&subcategory_id=: at least one of the two. */
export const suggestionQuery = z
  .object({
    entity_id: referenceIdParam('The selected payee does not exist.').optional(),
    subcategory_id: referenceIdParam('The selected sub-category does not exist.').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.entity_id === undefined && query.subcategory_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['entity_id'], message: 'Choose a payee or a sub-category to get a suggestion for.' });
    }
  });
export type SuggestionQuery = z.infer<typeof suggestionQuery>;

/** The usual feeling and purpose at a payee (else in a sub-category) over the last 12 months (DECISIONS.md #46). */
export const suggestionResponse = z.object({
  feeling: z.enum(FEELING_VALUES).nullable(),
  purpose: z.enum(PURPOSE_VALUES).nullable(),
  /** How many past purchases it rests on; 0 with both fields null when there is no history. */
  based_on: z.number().int(),
  /** Where it came from, for its label. */
  source: z.enum(['payee', 'subcategory']).nullable(),
});
export type SuggestionResponse = z.infer<typeof suggestionResponse>;

/** GET /feelings/coverage?month=&year=: how much of the month's spending has the member's feeling (DECISIONS.md #102). */
export const feelingCoverageQuery = z.object({ month: monthParams.shape.month, year: monthParams.shape.year });
export type FeelingCoverageQuery = z.infer<typeof feelingCoverageQuery>;

export const feelingCoverageResponse = z.object({
  month: z.number().int(),
  year: z.number().int(),
  /** The month's spending and, of it, what was spent on purchases with a feeling. */
  spent: z.number(),
  felt_spent: z.number(),
  expenses: z.number().int(),
  felt: z.number().int(),
  /** Whole percent of the spending with a feeling, rounded down; null when nothing was spent. */
  percent: z.number().int().nullable(),
  /** True when under half the spending has a feeling: figures built on feelings rest on too little. */
  low: z.boolean(),
});
export type FeelingCoverage = z.infer<typeof feelingCoverageResponse>;
