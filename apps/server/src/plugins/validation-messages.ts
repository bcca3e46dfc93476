/**
 * Turns zod issues into sentences a person understands, keyed by field, for 422 answers.
 * Messages written by our own rules (code `custom`) pass through unchanged.
 */
import { requiredMessage, type FieldErrors } from '@mindspend/domain';

export interface SchemaIssue {
  /** `/field/sub` as fastify-type-provider-zod reports it. */
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** Key of errors about the request body as a whole (its own path is empty). */
const ROOT_FIELD = 'body';

/** True for an issue about the whole body, not a field of it (the contact form has a field named `body`). */
function isRoot(issue: SchemaIssue): boolean {
  return issue.instancePath.replace(/^\//, '') === '';
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || ROOT_FIELD;
}

function label(field: string): string {
  return field.replace(/_/g, ' ').replace(/\./g, ' ');
}

function describe(issue: SchemaIssue, field: string): string {
  const name = label(field);
  const params = issue.params;
  switch (issue.keyword) {
    case 'custom':
      return issue.message ?? `The ${name} field is invalid.`;
    case 'invalid_type':
      if (isRoot(issue)) return 'The request body must be a JSON object.';
      if (issue.message?.includes('received undefined')) return requiredMessage(field);
      return `The ${name} field must be ${article(String(params.expected ?? 'valid value'))}.`;
    case 'too_big':
      if (hasOwnMessage(issue)) return issue.message;
      if (params.origin === 'array') return `The ${name} field must not have more than ${String(params.maximum)} items.`;
      return params.origin === 'string'
        ? `The ${name} field must not be greater than ${String(params.maximum)} characters.`
        : `The ${name} field must not be greater than ${String(params.maximum)}.`;
    case 'too_small':
      if (hasOwnMessage(issue)) return issue.message;
      if (params.origin === 'array') return `The ${name} field must have at least ${String(params.minimum)} items.`;
      return params.origin === 'string'
        ? `The ${name} field must be at least ${String(params.minimum)} characters.`
        : `The ${name} field must be at least ${String(params.minimum)}.`;
    case 'invalid_value':
      return `The selected ${name} is invalid.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

/**
 * True when the schema wrote the message itself (e.g. 'Choose at most one feeling.'): zod's own
 * defaults ('Too big: expected array to have <=20 items') are for developers, ours are for people.
 */
function hasOwnMessage(issue: SchemaIssue): issue is SchemaIssue & { message: string } {
  return issue.message !== undefined && issue.message !== '' && !/^(Too (big|small)|Invalid)\b/.test(issue.message);
}

function article(expected: string): string {
  const noun = expected === 'int' ? 'integer' : expected;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** Groups schema issues into the `errors` object of a 422 answer, without duplicate messages. */
export function toFieldErrors(issues: readonly SchemaIssue[], prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldName(issue.instancePath);
    const key = prefix && isRoot(issue) ? prefix : field;
    const message = describe(issue, field);
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}
