/**
 * TOTP of RFC 6238 through otplib (DECISIONS.md #28): 30-second steps, 6 digits, one step of
 * drift either way, and a step once used is never accepted again (no replay).
 */
import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: 'Mindspend', label: email, secret });
}

/** The time step the code belongs to when it is right now (±1 step) and later than `afterStep`; else null. */
export async function acceptedTotpStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
