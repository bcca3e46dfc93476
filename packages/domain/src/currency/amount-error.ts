/**
 * A refused amount or rate, with a sentence that can be shown as it is (a 422's field message,
 * a form's field error). Thrown by the exact conversions; typed amounts answer a result instead.
 */
export class AmountError extends Error {
  override readonly name = 'AmountError';
}
