/**
 * Accessibility checks for the browser tests (issue 13): axe-core on the page as it is, in the
 * light and the dark colour scheme, failing on any `serious` or `critical` violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { motionSettled } from './motion';

export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

const BLOCKING = new Set(['serious', 'critical']);

/** Switches the system preference; with the device choice on System the app follows it at once. */
export async function useSystemScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  // Contrast is measured on the final colours.
  await motionSettled(page);
}

/**
 * Runs axe (every rule of axe-core's default set: WCAG 2.x A and AA, and best practices; or only
 * `rules`) and fails softly, so one run lists every screen's problems. Each violation is printed
 * with its rule id, help text and the elements it found.
 */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  rules?: readonly string[],
): Promise<void> {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules([...rules]) : axe).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
      violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n'),
  );
  if (report.length > 0) console.log(`axe on ${screen}:\n  ${report.join('\n  ')}`);
  expect.soft(report, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/**
 * The rules of axe's default set whose outcome depends on colours: everything else (names, roles,
 * structure) is the same page in either scheme. The dark pass runs only these, in two fifths of
 * the time of the whole set (timed on every screen of the signed-in sweep).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * The page checked in light with every rule, then in dark (through the system preference) with the
 * colour rules, then back to light; `whileDark` runs in the dark scheme (a screenshot, say).
 */
export async function expectAccessibleInBothSchemes(
  page: Page,
  screen: string,
  whileDark?: () => Promise<void>,
): Promise<void> {
  for (const scheme of SCHEMES) {
    await useSystemScheme(page, scheme);
    await expectNoSeriousViolations(
      page,
      `${screen} (${scheme})`,
      scheme === 'dark' ? COLOUR_RULES : undefined,
    );
    if (scheme === 'dark' && whileDark) await whileDark();
  }
  await useSystemScheme(page, 'light');
}
