// The API document's required body fields are read from what the contract refuses: these bodies
// say each way a contract requires a field, or only seems to.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredBodyFields } from './openapi-required';

describe('requiredBodyFields', () => {
  it('counts a field whose own schema refuses a missing value, not an optional or defaulted one', () => {
    const body = z.object({
      name: z.string(),
      note: z.string().optional(),
      plan: z.enum(['free', 'paid']).default('free'),
    });
    expect(requiredBodyFields(body)).toEqual(['name']);
  });

  it('counts a field a refinement requires, whatever its sentence', () => {
    const body = z
      .object({
        type: z.enum(['income', 'expense']).optional(),
        amount: z.number().optional(),
        notes: z.string().optional(),
      })
      .superRefine((value, ctx) => {
        if (!value.type)
          ctx.addIssue({ code: 'custom', path: ['type'], message: 'Choose Income or Expense.' });
        if (value.amount === undefined)
          ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required.' });
      });
    expect(requiredBodyFields(body)).toEqual(['type', 'amount']);
  });

  it('counts fields required together under a key of no field', () => {
    const body = z
      .object({ current: z.string().optional(), next: z.string().optional(), revoke: z.boolean().optional() })
      .superRefine((value, ctx) => {
        if (!value.current || !value.next)
          ctx.addIssue({ code: 'custom', path: ['password'], message: 'All fields are required.' });
      });
    expect(requiredBodyFields(body)).toEqual(['current', 'next']);
  });

  it('leaves out a field needed only in some bodies', () => {
    const eitherOr = z
      .object({ email: z.string().optional(), phone: z.string().optional() })
      .refine((value) => value.email !== undefined || value.phone !== undefined, {
        path: ['email'],
        message: 'Give one.',
      });
    expect(requiredBodyFields(eitherOr)).toEqual([]);
    // Needed only with the non-default plan.
    const paid = z
      .object({ plan: z.enum(['paid', 'free']).default('free'), card: z.string().optional() })
      .superRefine((value, ctx) => {
        if (value.plan === 'paid' && !value.card)
          ctx.addIssue({ code: 'custom', path: ['card'], message: 'The card field is required.' });
      });
    expect(requiredBodyFields(paid)).toEqual([]);
  });

  it('reads through a preprocess, and finds nothing in a body that is no object', () => {
    const body = z.preprocess(
      (value) => value ?? {},
      z.object({ code: z.string(), note: z.string().optional() }),
    );
    expect(requiredBodyFields(body)).toEqual(['code']);
    expect(requiredBodyFields(z.unknown())).toEqual([]);
  });

  it('takes a refinement that fails on the probe as no evidence', () => {
    const body = z
      .object({ lines: z.array(z.number()).optional(), total: z.number().optional() })
      .superRefine((value, ctx) => {
        if (value.lines!.length === 0)
          ctx.addIssue({ code: 'custom', path: ['total'], message: 'Add a line.' });
      });
    expect(requiredBodyFields(body)).toEqual([]);
  });
});
