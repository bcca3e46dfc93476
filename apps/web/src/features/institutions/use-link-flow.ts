import { useState } from 'react';
import { createLinkToken, invalidateInstitutions, linkInstitution, markRelinked } from './api';
import { failureMessages } from './failure-messages';
import { openPlaidLink } from './plaid-link';

/** Which link flow is running: a new bank, or signing in again to one institution. */
export type LinkBusy = { kind: 'connect' } | { kind: 'relink'; id: number } | null;

/**
 * The Plaid link flows of DECISIONS.md #8. Connect: link token → Link → POST /institutions.
 * Re-link: link token for the institution → Link in update mode → POST /institutions/:id/relinked.
 * `onLinked` receives the sentence of the success notification.
 */
export function useLinkFlow(onLinked: (message: string) => void) {
  const [busy, setBusy] = useState<LinkBusy>(null);
  const [errors, setErrors] = useState<string[]>([]);

  /** Resolves true when the bank was linked, false when Link was closed or a step failed. */
  const run = async (next: NonNullable<LinkBusy>, finish: (publicToken: string, name: string | null) => Promise<string>): Promise<boolean> => {
    setBusy(next);
    setErrors([]);
    try {
      const { link_token } = await createLinkToken(next.kind === 'relink' ? next.id : undefined);
      const linked = await openPlaidLink(link_token);
      if (!linked) return false;
      const message = await finish(linked.publicToken, linked.institutionName);
      await invalidateInstitutions();
      onLinked(message);
      return true;
    } catch (failure) {
      setErrors(failureMessages(failure));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const connect = () =>
    run({ kind: 'connect' }, async (publicToken, name) => {
      const institution = await linkInstitution({ public_token: publicToken, ...(name ? { institution_name: name } : {}) });
      return `${institution.name} is connected. Its accounts are now in your ledger.`;
    });

  const relink = (id: number) =>
    run({ kind: 'relink', id }, async () => {
      const institution = await markRelinked(id);
      return `${institution.name} is connected again.`;
    });

  return { busy, errors, connect, relink };
}
