/** The webhook verifier's own limits (DECISIONS.md #112): keys kept by kid, and made-up kids cannot make it call Plaid without end. */
import { describe, expect, it } from 'vitest';
import { FakePlaid } from '../../test/fake-plaid';
import { type PlaidVerificationKey, PlaidWebhookVerifier } from './plaid-webhook-verify';

describe('PlaidWebhookVerifier', () => {
  it('asks Plaid for at most 10 unknown keys a minute, and for a known key once', async () => {
    const fake = new FakePlaid();
    const asked: string[] = [];
    const jwk = (kid: string): PlaidVerificationKey => {
      const { x = '', y = '' } = fake.webhookPublicJwk();
      return { kty: 'EC', crv: 'P-256', x, y, kid, expired_at: null };
    };
    const verifier = new PlaidWebhookVerifier(async (kid) => {
      asked.push(kid);
      return jwk(kid);
    });
    const now = new Date();
    const iat = Math.floor(now.getTime() / 1000);
    for (let i = 0; i < 15; i += 1) {
      const body = `{"n":${i}}`;
      await verifier.verify(body, fake.signWebhook(body, { iat, kid: `kid-${i}` }), now);
    }
    expect(asked).toHaveLength(10);
    // A known kid needs no call, and its webhook is believed.
    const body = '{"ok":true}';
    expect(await verifier.verify(body, fake.signWebhook(body, { iat, kid: 'kid-3' }), now)).toEqual({ ok: true });
    expect(asked).toHaveLength(10);
    // A minute later, new kids may be asked for again.
    const later = new Date(now.getTime() + 61_000);
    await verifier.verify(body, fake.signWebhook(body, { iat: iat + 61, kid: 'kid-new' }), later);
    expect(asked).toHaveLength(11);
  });
});
