/**
 * How hard a new password is to guess, as zxcvbn-ts estimates it (DECISIONS.md #92): advice shown
 * beside the password field, never a rule. The server refuses only what is too short, too long or
 * on the common-password list; the meter is how a person learns that a long passphrase beats
 * `Password1`. zxcvbn-ts and its ~400 KB of word lists load on the first estimate, in a chunk of
 * their own, so the sign-up page's first load (its route budget) does not carry them.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** What every new-password field says under its label (DECISIONS.md #92). */
export const PASSWORD_HINT = '8 to 256 characters: any letters, spaces or symbols.';
/** The same, with the advice the sign-up and reset forms add. */
export const PASSPHRASE_HINT = `${PASSWORD_HINT} A few unrelated words are easy to remember and hard to guess.`;

/** zxcvbn's score: 0 (guessed in under 10³ tries) to 4 (over 10¹⁰). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** The word the meter shows for each score. */
export const STRENGTH_LABELS: Record<StrengthScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
        // Close misspellings of a listed password ("Passwprd1") count as that password.
        useLevenshteinDistance: true,
      }),
  );
  // A failed load (offline on a page opened before) may succeed on a later keystroke.
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/**
 * The words of `hints` an attacker who knows them would try: each whole, an address's part before
 * '@', and its pieces between dots, dashes and the like ('ada.lovelace@x.org' → 'ada.lovelace',
 * 'ada', 'lovelace'…). zxcvbn matches user inputs as whole dictionary words only.
 */
export function guessableWords(hints: readonly string[]): string[] {
  const words = new Set<string>();
  for (const hint of hints) {
    const trimmed = hint.trim().toLowerCase();
    if (!trimmed) continue;
    words.add(trimmed);
    words.add(trimmed.split('@')[0] ?? trimmed);
    for (const piece of trimmed.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/** The score of `password`; `hints` (the e-mail address) count as guessable words. */
export async function passwordStrength(password: string, hints: readonly string[] = []): Promise<StrengthScore> {
  const factory = await loadEstimator();
  return factory.check(password, guessableWords(hints)).score;
}
