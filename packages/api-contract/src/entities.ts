/** Payees and payors (spec §3 Entity). */
import { US_STATES } from '@mindspend/domain';
import { z } from 'zod';
import { optionalText } from './common';

export const ENTITY_NAME_REQUIRED = 'The name field is required.';
const STATE_CODES = US_STATES.map(([code]) => code) as [string, ...string[]];

export const entitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_short: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
});
export type Entity = z.infer<typeof entitySchema>;

const state = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => value === '' || STATE_CODES.includes(value), 'Select a state from the list.')
  .nullable()
  .optional();

const zipcode = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{5}(-\d{4})?$/.test(value), 'The zipcode must be 5 digits (or ZIP+4).')
  .nullable()
  .optional();

export const entityBody = z
  .object({
    name: optionalText(),
    address_line1: optionalText().nullable(),
    address_line2: optionalText().nullable(),
    city: optionalText(100).nullable(),
    state,
    zipcode,
    /** Update sends the zipcode as `postal` (spec §3). */
    postal: zipcode,
  })
  .superRefine((body, ctx) => {
    if (!body.name || body.name.trim() === '') ctx.addIssue({ code: 'custom', path: ['name'], message: ENTITY_NAME_REQUIRED });
  });
export type EntityBody = z.infer<typeof entityBody>;

export const entitiesResponse = z.array(entitySchema);
