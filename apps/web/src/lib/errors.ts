/** The error catalogue of spec §8: how an HTTP failure becomes the messages a screen shows. */

export const INVALID_INPUT = 'Invalid input.';
export const UNEXPECTED_ERROR = 'Unexpected error occurred.';
export const PASSWORD_CHANGE_UNEXPECTED = 'An unexpected error occurred. Please try again.';

/**
 * A request that never reached the server (DECISIONS.md #35). A write says that nothing typed was
 * lost, because the form stays open with its values; `online` tells a dead connection from an
 * unreachable server.
 */
export function networkFailureMessage(method: string, online: boolean): string {
  const cause = online ? "Can't reach Mindspend right now" : "You're offline";
  if (method === 'GET') return `${cause} — this needs a connection, and nothing was saved on this device for it.`;
  return `${cause} — this needs a connection. Nothing you typed was lost.`;
}

export type FieldErrorMap = Record<string, string[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unique(messages: string[]): string[] {
  return [...new Set(messages.filter((m) => m.trim() !== ''))];
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (isRecord(value)) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The `errors` object of a 422 body, keeping only string messages. */
export function fieldErrorsOf(body: unknown): FieldErrorMap {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: FieldErrorMap = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const messages = stringsOf(value);
    if (messages.length > 0) result[field] = messages;
  }
  return result;
}

/** The `message` string of a body, if it has one. */
export function messageOf(body: unknown): string | null {
  return isRecord(body) && typeof body.message === 'string' ? body.message : null;
}

/**
 * Spec §8: a 422 lists each message of the body (de-duplicated), a non-object 422 body gives
 * 'Invalid input.', and any other failure gives 'Unexpected error occurred.'.
 */
export function catalogueMessages(status: number, body: unknown): string[] {
  if (status !== 422) return [UNEXPECTED_ERROR];
  if (!isRecord(body)) return [INVALID_INPUT];
  const fromErrors = unique(Object.values(fieldErrorsOf(body)).flat());
  if (fromErrors.length > 0) return fromErrors;
  const message = messageOf(body);
  return message ? [message] : [INVALID_INPUT];
}

/** Spec §8 "Registration failure: shows the first message of each field". */
export function firstMessagePerField(errors: FieldErrorMap): string[] {
  return unique(Object.values(errors).flatMap((messages) => messages.slice(0, 1)));
}

/**
 * Spec §8 "Password change": a 422 or 403 shows the body's error string, or the entries of its
 * errors (array or keyed lists), or any value lists in the body, else 'Invalid input.'; any other
 * failure shows 'An unexpected error occurred. Please try again.'.
 */
export function passwordChangeMessages(status: number, body: unknown): string[] {
  if (status !== 422 && status !== 403) return [PASSWORD_CHANGE_UNEXPECTED];
  if (!isRecord(body)) return [INVALID_INPUT];
  if (typeof body.error === 'string' && body.error !== '') return [body.error];
  if (body.errors !== undefined) {
    const fromErrors = unique(stringsOf(body.errors));
    if (fromErrors.length > 0) return fromErrors;
  }
  const lists = unique(
    Object.values(body)
      .filter((value) => Array.isArray(value))
      .flatMap(stringsOf),
  );
  return lists.length > 0 ? lists : [INVALID_INPUT];
}
