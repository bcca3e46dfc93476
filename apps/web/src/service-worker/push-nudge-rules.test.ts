import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushNudgePayload } from '@mindspend/api-contract';
import { appUrl, feelingActions, feelingOfAction, nudgeNotification, readNudge } from './push-nudge-rules';

const ONE = {
  kind: 'feel',
  title: 'Corner Bar $38.20',
  body: 'How did that feel?',
  url: '/ledger/accounts/3/month/10/year/2026',
  action: { transaction_id: 41, token: 'tok_abc' },
};
const SEVERAL = { kind: 'feel', title: '5 new purchases to feel', body: 'Tap to go through them.', url: '/ledger' };

describe('which pushes are nudges', () => {
  it('reads a nudge about one purchase and one about several, from the decrypted text', () => {
    expect(readNudge(JSON.stringify(ONE))).toEqual(ONE);
    expect(readNudge(JSON.stringify(SEVERAL))).toEqual(SEVERAL);
  });

  it('ignores junk: not JSON, another kind, a missing field, a malformed action', () => {
    for (const junk of ['', 'hello', '[]', 'null', '42', JSON.stringify({ ...ONE, kind: 'other' }), JSON.stringify({ ...ONE, title: 3 })]) {
      expect(readNudge(junk), junk).toBeNull();
    }
    expect(readNudge({ ...ONE, url: undefined })).toBeNull();
    expect(readNudge({ ...ONE, action: { transaction_id: 1.5, token: 'x' } })).toBeNull();
    expect(readNudge({ ...ONE, action: { transaction_id: 1 } })).toBeNull();
    expect(readNudge({ ...ONE, action: null })).toBeNull();
    // Past 2^53 an id is no longer exact, and the contract refuses it.
    expect(readNudge({ ...ONE, action: { transaction_id: 2 ** 60, token: 'x' } })).toBeNull();
  });

  it('keeps only the fields it knows, as the contract does', () => {
    expect(readNudge({ ...SEVERAL, extra: 'x', action: undefined })).toEqual(SEVERAL);
  });

  it('answers as the contract’s schema does for any payload-like value', () => {
    const field = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.boolean());
    const action = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.record({ transaction_id: fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger().map((n) => n * 4), fc.string()), token: field }, { requiredKeys: [] }),
    );
    const payload = fc.record(
      { kind: fc.oneof(fc.constant('feel'), fc.string()), title: field, body: field, url: field, action },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(payload, fc.anything()), (value) => {
        const contract = pushNudgePayload.safeParse(value);
        const read = readNudge(value);
        expect(read !== null).toBe(contract.success);
        if (contract.success) expect(read).toEqual(contract.data);
      }),
    );
  });
});

describe('the feeling buttons', () => {
  it('offers Felt good and Regretted it first, then the others, as many as the browser shows', () => {
    expect(feelingActions(2)).toEqual([
      { action: 'positive', title: 'Felt good' },
      { action: 'negative', title: 'Regretted it' },
    ]);
    expect(feelingActions(undefined).map((action) => action.title)).toEqual(['Felt good', 'Regretted it', 'No strong feelings', 'Mixed feelings']);
    expect(feelingActions(10)).toHaveLength(4);
    expect(feelingActions(0)).toEqual([]);
    expect(feelingActions(-1)).toEqual([]);
  });

  it('turns a button back into its feeling; a tap on the notification is none', () => {
    expect(feelingOfAction('negative')).toBe('negative');
    expect(feelingOfAction('')).toBeNull();
    expect(feelingOfAction('delete')).toBeNull();
  });

  it('puts buttons only on a nudge about one purchase, tagged so a repeat replaces it', () => {
    const one = nudgeNotification(readNudge(ONE)!, 2);
    expect(one.title).toBe('Corner Bar $38.20');
    expect(one.options).toMatchObject({ body: 'How did that feel?', tag: 'mindspend-feel-41', data: ONE });
    expect(one.options.actions?.map((action) => action.action)).toEqual(['positive', 'negative']);
    const several = nudgeNotification(readNudge(SEVERAL)!, 2);
    expect(several.options.actions).toBeUndefined();
    expect(several.options.tag).toBe('mindspend-feel-/ledger');
  });
});

describe('where a tap leads', () => {
  const origin = 'https://budget.example.org';
  it('opens the nudge’s page of this app', () => {
    expect(appUrl('/ledger/accounts/3', origin)).toBe(`${origin}/ledger/accounts/3`);
    expect(appUrl(`${origin}/ledger?x=1`, origin)).toBe(`${origin}/ledger?x=1`);
  });

  it('never another site: a foreign or broken address opens the app’s start', () => {
    expect(appUrl('https://evil.example.com/phish', origin)).toBe(`${origin}/`);
    expect(appUrl('//evil.example.com/phish', origin)).toBe(`${origin}/`);
    expect(appUrl('http://[bad', origin)).toBe(`${origin}/`);
  });
});
