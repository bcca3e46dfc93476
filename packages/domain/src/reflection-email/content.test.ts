import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode } from '../currency/currency-code';
import type { SpendingCell } from '../insights/figures';
import { type ReflectionEmailFacts, hasSpending, reflectionEmailContent, shiftSummary } from './content';
import { escapeHtml, reflectionEmailHtml } from './html';
import { REFLECTION_EMAIL_SEND_DAYS, isMonthOver, reflectionEmailMonthDue } from './schedule';
import { reflectionEmailSubject, reflectionEmailText } from './text';

const cell = (feeling: string | null, purpose: string | null, amountCents: number, count = 1): SpendingCell => ({
  monthKey: '2026-10',
  feeling,
  purpose,
  amountCents,
  count,
});

const links = {
  month: 'https://app.example/budgets/month/10/year/2026',
  settings: 'https://app.example/settings',
  unsubscribe: 'https://app.example/api/reflection-email/unsubscribe?token=1.abc',
};

function facts(overrides: Partial<ReflectionEmailFacts> = {}): ReflectionEmailFacts {
  return {
    month: { year: 2026, month: 10 },
    firstName: 'Ana',
    spending: [cell('positive', 'survival', 60_000, 3), cell('negative', 'optional', 25_000, 2), cell(null, null, 15_000)],
    targets: { survival: 50, optional: 20, culture: 20, unexpected: 10 },
    payees: [
      { id: 1, name: 'Corner Bar', amountCents: 12_000, regrettedCents: 8_000 },
      { id: 2, name: 'Gadget Shop', amountCents: 30_000, regrettedCents: 17_000 },
      { id: 3, name: 'Grocer', amountCents: 40_000, regrettedCents: 0 },
      { id: 4, name: 'Cinema', amountCents: 2_000, regrettedCents: 1_000 },
      { id: 5, name: 'Kiosk', amountCents: 500, regrettedCents: 500 },
    ],
    secondLooks: [
      { id: 1, name: 'Corner Bar', first: 'positive', second: 'negative', count: 2 },
      { id: 2, name: 'Gadget Shop', first: 'negative', second: 'positive', count: 1 },
      { id: 3, name: 'Grocer', first: 'neutral', second: 'neutral', count: 4 },
      { id: 6, name: 'No first', first: null, second: 'negative', count: 1 },
    ],
    reflection: { wentWell: 'Cooked at home.\nTwice a week.', changeNext: 'Fewer bar nights.' },
    links,
    currency: currencyCode('USD'),
    ...overrides,
  };
}

describe('the reflection e-mail content', () => {
  it('totals the month by feeling with whole percentages of the felt spending', () => {
    const content = reflectionEmailContent(facts());
    expect(content.spentCents).toBe(100_000);
    expect(content.expenseCount).toBe(6);
    expect(content.untaggedCents).toBe(15_000);
    expect(content.feelings.map((line) => [line.feeling, line.amountCents, line.percent])).toEqual([
      ['positive', 60_000, 71],
      ['neutral', 0, 0],
      ['negative', 25_000, 29],
      ['mixed', 0, 0],
    ]);
  });

  it('sets each purpose against its target as a share of all spending', () => {
    const content = reflectionEmailContent(facts());
    expect(content.purposes.map((share) => [share.purpose, share.spentCents, share.percent, share.targetPercent])).toEqual([
      ['survival', 60_000, 60, 50],
      ['optional', 25_000, 25, 20],
      ['culture', 0, 0, 20],
      ['unexpected', 0, 0, 10],
    ]);
    const noTargets = reflectionEmailContent(facts({ targets: null }));
    expect(noTargets.hasTargets).toBe(false);
    expect(noTargets.purposes.every((share) => share.targetPercent === null)).toBe(true);
    expect(reflectionEmailText(noTargets)).toContain('Set a target for each purpose');
  });

  it('names the three payees with the most regretted spending, by amount', () => {
    const content = reflectionEmailContent(facts());
    expect(content.regrettedPayees.map((line) => [line.name, line.regrettedCents])).toEqual([
      ['Gadget Shop', 17_000],
      ['Corner Bar', 8_000],
      ['Cinema', 1_000],
    ]);
  });

  it('counts second-look shifts both ways and leaves out looks without a first feeling', () => {
    const shifts = shiftSummary(facts().secondLooks);
    expect(shifts.soured).toBe(2);
    expect(shifts.warmed).toBe(1);
    expect(shifts.souredPayees.map((line) => line.name)).toEqual(['Corner Bar']);
    expect(shifts.warmedPayees.map((line) => line.name)).toEqual(['Gadget Shop']);
    const text = reflectionEmailText(reflectionEmailContent(facts()));
    expect(text).toContain('2 purchases did not feel like a regret at first and did on a second look: Corner Bar (2).');
    expect(text).toContain('1 regret no longer felt like one on a second look: Gadget Shop (1).');
  });

  it('says so when nothing shifted, nothing was regretted and no reflection was written', () => {
    const content = reflectionEmailContent(facts({ secondLooks: [], payees: [], reflection: null }));
    const text = reflectionEmailText(content);
    expect(text).toContain('No feeling changed on a second look this month.');
    expect(text).toContain("Nothing was tagged 'Regretted it'");
    expect(text).toContain(`You have not written October's reflection yet`);
    expect(text).toContain(`Write it: ${links.month}`);
    expect(reflectionEmailHtml(content)).toContain('Write your reflection');
  });

  it("writes every figure in the book's currency (DECISIONS.md #87)", () => {
    const content = reflectionEmailContent(facts({ currency: currencyCode('EUR') }));
    expect(reflectionEmailText(content)).toContain('You spent €1,000.00 over 6 expenses.');
    expect(reflectionEmailText(content)).toContain('- Gadget Shop: €170.00 regretted of €300.00 (56.7%)');
    expect(reflectionEmailHtml(content)).toContain('€1,000.00');
    expect(reflectionEmailHtml(content)).not.toContain('$');
  });

  it('formats money once, in both parts, and carries the reflection and the links', () => {
    const content = reflectionEmailContent(facts());
    expect(reflectionEmailSubject(content)).toBe('Your October 2026 in Mindspend: how it felt');
    const text = reflectionEmailText(content);
    expect(text).toContain('You spent $1,000.00 over 6 expenses.');
    expect(text).toContain('- Survival: $600.00, 60% (target 50%, above it)');
    expect(text).toContain('- Gadget Shop: $170.00 regretted of $300.00 (56.7%)');
    expect(text).toContain('What went well: Cooked at home.\nTwice a week.');
    expect(text).toContain(`Unsubscribe: ${links.unsubscribe}`);
    const html = reflectionEmailHtml(content);
    expect(html).toContain('$1,000.00');
    expect(html).toContain('Cooked at home.<br>Twice a week.');
    expect(html).toContain(`href="${escapeHtml(links.unsubscribe)}"`);
    expect(html).toContain('Hi Ana,');
  });

  it('escapes the person’s own text in the HTML part', () => {
    const content = reflectionEmailContent(
      facts({
        firstName: '<b>Ana</b>',
        payees: [{ id: 1, name: '<script>alert("x")</script>', amountCents: 1_000, regrettedCents: 1_000 }],
        reflection: { wentWell: '<img src=x onerror=alert(1)>', changeNext: 'a & b' },
      }),
    );
    const html = reflectionEmailHtml(content);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>Ana');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('a &amp; b');
  });

  it('escapeHtml leaves no markup character in any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
      }),
    );
  });

  it('has spending only with at least one expense', () => {
    expect(hasSpending([])).toBe(false);
    expect(hasSpending([cell(null, null, 100)])).toBe(true);
  });
});

describe('when the e-mail is due', () => {
  it('is due for last month in the first days of a month, across the year end', () => {
    expect(reflectionEmailMonthDue({ year: 2026, month: 11, day: 1 })).toEqual({ year: 2026, month: 10 });
    expect(reflectionEmailMonthDue({ year: 2027, month: 1, day: REFLECTION_EMAIL_SEND_DAYS })).toEqual({ year: 2026, month: 12 });
    expect(reflectionEmailMonthDue({ year: 2026, month: 11, day: REFLECTION_EMAIL_SEND_DAYS + 1 })).toBeNull();
  });

  it('never for a month still running', () => {
    expect(isMonthOver({ year: 2026, month: 11 }, { year: 2026, month: 11, day: 30 })).toBe(false);
    expect(isMonthOver({ year: 2026, month: 10 }, { year: 2026, month: 11, day: 1 })).toBe(true);
  });
});
