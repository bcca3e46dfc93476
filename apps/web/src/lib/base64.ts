/**
 * Decodes the e-mail segment of a reset link (spec §2.1): base64 or base64url, padded or not.
 * Returns the input unchanged when it is not valid base64 (a plain address still pre-fills).
 */
export function decodeBase64Segment(segment: string): string {
  const normalized = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normalized + '='.repeat((4 - (normalized.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return segment;
  }
}
