/**
 * Plaid Link in the browser tests: the script the page loads from Plaid's CDN is answered with a
 * small stand-in that defines `window.Plaid.create(config)` as apps/web/src/features/institutions/
 * plaid-link.ts calls it. Opening it "links" the bank at once, as a person finishing Link would.
 */
import type { Page } from '@playwright/test';

/** What Link hands back to onSuccess: a public token and the chosen institution. */
export interface StubLinkResult {
  publicToken: string;
  institutionName: string;
}

function stubScript({ publicToken, institutionName }: StubLinkResult): string {
  return `(() => {
  window.Plaid = {
    create(config) {
      return {
        open() {
          setTimeout(() => config.onSuccess(${JSON.stringify(publicToken)}, { institution: { name: ${JSON.stringify(institutionName)} } }), 50);
        },
        exit() {},
        destroy() {},
      };
    },
  };
})();
`;
}

/** Every request to cdn.plaid.com gets the stand-in script; nothing reaches the network. */
export async function stubPlaidLink(page: Page, result: StubLinkResult): Promise<void> {
  await page.route('https://cdn.plaid.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: stubScript(result) }),
  );
}
