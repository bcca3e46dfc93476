/**
 * The error answers of each operation in the API document (docs/API.md), derived from what the
 * route is rather than written per route: the error plugin (plugins/errors.ts) answers every
 * refusal as `{ message }` (Problem) and a failed validation as `{ message, errors }`
 * (ValidationProblem), ARCHITECTURE.md convention 6. Which ones a route can give follows from its
 * sign-in, method, input, path parameters and rate limit, as plugins/auth.ts,
 * plugins/personal-tokens.ts, plugins/security.ts and db/locked-writes.ts decide them. An answer
 * the route declares itself keeps the route's description.
 */
import type { ComponentName } from '@mindspend/api-contract';
import { componentRef } from './openapi-components';

/** What of a route decides its error answers. */
export interface RouteTraits {
  /** Upper case: GET, POST… */
  method: string;
  /** `authenticate` (required), `identify` (optional) or none. */
  signIn: 'required' | 'optional' | 'none';
  /** A JSON body schema: a body that does not parse answers 400. */
  takesJsonBody: boolean;
  /** A body, path, query or upload the route validates: 422 when it does not pass. */
  takesInput: boolean;
  /** The URL's `:name` parameters. */
  pathParams: readonly string[];
  rateLimited: boolean;
  /** Refuses personal access tokens (plugins/personal-tokens.ts). */
  managesAccount: boolean;
  /** A write a viewer of the book may make (`config.writesNoBookData`, plugins/auth.ts). */
  writesNoBookData: boolean;
}

export interface ErrorAnswer {
  description: string;
  content: { 'application/json': { schema: { $ref: string } } };
  headers?: Record<string, { type: 'integer'; description: string }>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Path parameters that are a month or a currency's day, not a record: a wrong one is a 422, never a 404. */
const NOT_RECORDS = new Set(['month', 'year', 'currency', 'date']);

const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
} as const;

function answer(
  schema: ComponentName,
  reasons: readonly string[],
  headers?: ErrorAnswer['headers'],
): ErrorAnswer {
  return {
    description: reasons.join(' '),
    content: { 'application/json': { schema: componentRef(schema) } },
    ...(headers && { headers }),
  };
}

/** The 403 reasons that apply to the route, each a sentence. */
function refusals(route: RouteTraits, write: boolean): string[] {
  const reasons: string[] = [];
  if (route.managesAccount)
    reasons.push('A personal access token cannot manage the account: sign in with the web app.');
  if (write) reasons.push('A read-only personal access token cannot write.');
  if (write && route.signIn === 'required' && !route.managesAccount && !route.writesNoBookData) {
    reasons.push('A viewer of a shared book cannot change it.');
  }
  return reasons;
}

/** Every error answer the route can give, by status. */
export function errorAnswers(route: RouteTraits): Record<string, ErrorAnswer> {
  const write = !READ_METHODS.has(route.method);
  const signsIn = route.signIn !== 'none';
  const records = route.pathParams.filter((name) => !NOT_RECORDS.has(name));
  const answers: Record<string, ErrorAnswer> = {};

  const malformed = [
    ...(route.takesJsonBody ? ['The body is not JSON, or is nested too deep.'] : []),
    ...(signsIn ? ['The Mindspend-Book header is not a book id.'] : []),
  ];
  if (malformed.length > 0) answers['400'] = answer('Problem', ['Malformed request.', ...malformed]);
  if (route.signIn === 'required') {
    answers['401'] = answer('Problem', [
      'Not signed in: no bearer token, or an expired or revoked one (`Unauthenticated.`).',
    ]);
  }
  const refused = signsIn ? refusals(route, write) : [];
  if (refused.length > 0) answers['403'] = answer('Problem', ['Refused.', ...refused]);
  const missing = [
    ...(records.length > 0
      ? ['What the path names does not exist, or belongs to another book or person.']
      : []),
    ...(signsIn ? ['The Mindspend-Book header names a book you are not a member of.'] : []),
  ];
  if (missing.length > 0) answers['404'] = answer('Problem', ['Not found.', ...missing]);
  if (route.takesInput) {
    answers['422'] = answer('ValidationProblem', [
      'The input does not pass: `errors` holds the messages of each field, `message` the first of them.',
    ]);
  }
  if (route.rateLimited) {
    answers['429'] = answer(
      'Problem',
      ['Too many attempts from this address: try again after `Retry-After` seconds.'],
      RETRY_AFTER,
    );
  }
  if (route.signIn === 'required' && write) {
    answers['503'] = answer(
      'Problem',
      ['Busy saving a large import; nothing was changed: try again after `Retry-After` seconds.'],
      RETRY_AFTER,
    );
  }
  return answers;
}
