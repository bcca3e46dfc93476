// The build draws it in Node (route-documents-plugin.ts), where a render that reads the browser fails
// the build; here the page's content is checked.
import { describe, expect, it } from 'vitest';
import { renderPublicPage } from './prerender';

describe('the landing page drawn at build time (DECISIONS.md #121)', () => {
  it('is the whole page a signed-out visitor sees, not the spinner the router shows while loading', async () => {
    const html = await renderPublicPage('/');
    expect(html).toContain('Create budgets.');
    expect(html).toContain('Join For Free');
    expect(html).toContain('How it works');
    expect(html).not.toContain('aria-label="Loading"');
    // The theme's variables come with it, so the page is painted in its colours before the app runs.
    expect(html).toContain('<style data-mantine-styles="true">');
  });
});
