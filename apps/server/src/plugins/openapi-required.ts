/**
 * The `required` list of a request body in the API document (docs/API.md), read from what the
 * contract itself refuses.
 *
 * Most body schemas declare their fields optional and require them in a refinement, so that a
 * missing field answers the spec's own sentence ('Choose Income or Expense.') rather than zod's
 * type error, and so that every missing field is reported at once: zod's JSON Schema then lists
 * none of them as required. Making them required in zod would change those answers, so instead a
 * field counts as required here when the contract refuses a body without it:
 *
 * - its own schema refuses a missing value (no `.optional()`, no default), or
 * - the refinements blame its absence both in an empty body and in a body holding every other
 *   field. A complaint blames the field when it is about that field, or about no field of the body
 *   ('All fields are required.' under `password`, for three fields at once). The second probe
 *   keeps out a field needed only in some bodies: PATCH /transactions/{id} takes a whole
 *   transaction or `{ second_feeling }` alone, so its amount is not required.
 *
 * Only the document reads this; validation is untouched.
 */
import { z } from 'zod';

type Shape = Readonly<Record<string, z.core.$ZodType>>;

/** The object schema a body is parsed with, through a preprocess or transform pipe; else null. */
function bodyObject(schema: unknown): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return bodyObject(schema.out) ?? bodyObject(schema.in);
  return null;
}

/** True when the field's own schema refuses a missing value. */
function refusesMissing(field: z.core.$ZodType): boolean {
  return !z.safeParse(field, undefined).success;
}

/**
 * A value the field could hold, as a refinement sees a field that was given: the first choice of
 * an enum or union (never null), a non-empty string, an empty list.
 */
function sampleValue(field: z.core.$ZodType): unknown {
  if (field instanceof z.ZodOptional || field instanceof z.ZodNullable || field instanceof z.ZodDefault) {
    return sampleValue(field.unwrap());
  }
  if (field instanceof z.ZodPipe) return sampleValue(field.in);
  if (field instanceof z.ZodEnum) return field.options[0];
  if (field instanceof z.ZodLiteral) return field.values.values().next().value;
  if (field instanceof z.ZodUnion) {
    const given = field.options.map(sampleValue).find((value) => value !== null && value !== undefined);
    return given ?? 'x';
  }
  if (field instanceof z.ZodNumber) return 1;
  if (field instanceof z.ZodBoolean) return true;
  if (field instanceof z.ZodArray) return [];
  if (field instanceof z.ZodObject || field instanceof z.ZodRecord) return {};
  return 'x';
}

/**
 * The top-level fields the object's refinements complain about for this body (`''` for the body as
 * a whole), or null when a refinement fails on it. Refinements run only on a body whose fields all
 * passed, so the probe parses with a copy whose fields accept anything (a missing one still gets
 * its default) and that carries the same refinements.
 */
function complaints(object: z.ZodObject, body: Record<string, unknown>): Set<string> | null {
  const shape: Shape = object.shape;
  const lenient = Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      refusesMissing(field) ? z.unknown().optional() : z.union([field, z.unknown()]),
    ]),
  );
  try {
    // A copy of the object's own definition, so its refinements (and unknown-key policy) come along.
    const issues = object.clone({ ...object.def, shape: lenient }).safeParse(body).error?.issues ?? [];
    return new Set(issues.map((issue) => String(issue.path[0] ?? '')));
  } catch {
    // A refinement that reads into a field in a way the probe's value does not suit: no evidence.
    return null;
  }
}

/** True when a complaint is about the field, or about none of the body's fields (and not among `known`). */
function blames(
  name: string,
  found: Set<string> | null,
  shape: Shape,
  known: Set<string> | null = null,
): boolean {
  if (!found) return false;
  return found.has(name) || [...found].some((key) => !(key in shape) && !known?.has(key));
}

/** The body's top-level fields the contract requires, in the schema's order; none for a non-object body. */
export function requiredBodyFields(body: unknown): string[] {
  const object = bodyObject(body);
  if (!object) return [];
  const shape: Shape = object.shape;
  const names = Object.keys(shape);
  const full = Object.fromEntries(names.map((name) => [name, sampleValue(shape[name] ?? z.unknown())]));
  const whenEmpty = complaints(object, {});
  const whenFull = complaints(object, full);
  return names.filter((name) => {
    const field = shape[name];
    if (!field) return false;
    if (refusesMissing(field)) return true;
    if (!blames(name, whenEmpty, shape)) return false;
    const { [name]: _left, ...others } = full;
    return blames(name, complaints(object, others), shape, whenFull);
  });
}
