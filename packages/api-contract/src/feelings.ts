/** Purpose targets, the month's purpose figures and the month-end reflection (issue 16, DECISIONS.md #45). */
import {
  PURPOSE_VALUES,
  REFLECTION_EMPTY_MESSAGE,
  REFLECTION_TEXT_MAX,
  TARGET_PERCENT_MESSAGE,
  isTargetPercent,
  purposeTargetProblems,
} from '@mindspend/domain';
import { z } from 'zod';
import { text } from './common';

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
