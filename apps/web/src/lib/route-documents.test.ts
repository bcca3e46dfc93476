import { describe, expect, it } from 'vitest';
import { routeDocuments } from './route-documents';

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="modulepreload" crossorigin href="/assets/web-c.js">
</head><body><div id="root"></div></body></html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', imports: ['_web-c.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_web-c.js': { file: 'assets/web-c.js', imports: ['_react-b.js'] },
  '_Input-d.js': { file: 'assets/Input-d.js', imports: ['_react-b.js'] },
  'src/features/landing/LandingPage.tsx': { file: 'assets/LandingPage-e.js', imports: ['_react-b.js', '_web-c.js'] },
  'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage-f.js', imports: ['_Input-d.js', '_web-c.js'] },
};

const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);

describe('route documents: index.html naming the route’s own chunks (DECISIONS.md #117)', () => {
  it('adds the route’s chunk and the chunks it imports, not those index.html already names', () => {
    const { documents, index } = routeDocuments(INDEX_HTML, MANIFEST, {
      '/': 'src/features/landing/LandingPage.tsx',
      '/login': 'src/features/auth/LoginPage.tsx',
    });
    expect(index).toEqual({ '/': 'documents/LandingPage.html', '/login': 'documents/LoginPage.html' });
    const login = documents.find((document) => document.file === 'documents/LoginPage.html')?.html ?? '';
    expect(preloads(login)).toEqual(['/assets/react-b.js', '/assets/web-c.js', '/assets/Input-d.js', '/assets/LoginPage-f.js']);
    const landing = documents.find((document) => document.file === 'documents/LandingPage.html')?.html ?? '';
    expect(preloads(landing)).toEqual(['/assets/react-b.js', '/assets/web-c.js', '/assets/LandingPage-e.js']);
    // Everything else of the page stays as built: the entry script, the root element.
    expect(landing).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(landing).toContain('<div id="root"></div>');
  });

  it('writes one document for two paths of one screen', () => {
    const { documents, index } = routeDocuments(INDEX_HTML, MANIFEST, {
      '/signup': 'src/features/auth/LoginPage.tsx',
      '/register': 'src/features/auth/LoginPage.tsx',
    });
    expect(documents).toHaveLength(1);
    expect(index['/signup']).toBe(index['/register']);
  });

  it('fails the build when a route names a module the router no longer loads lazily', () => {
    expect(() => routeDocuments(INDEX_HTML, MANIFEST, { '/': 'src/features/landing/Gone.tsx' })).toThrow(
      /names src\/features\/landing\/Gone\.tsx/,
    );
  });

  it('draws a page the build rendered inside #root, hidden on a signed-in device, and only that page (DECISIONS.md #121)', () => {
    const { documents } = routeDocuments(
      INDEX_HTML,
      MANIFEST,
      { '/': 'src/features/landing/LandingPage.tsx', '/login': 'src/features/auth/LoginPage.tsx' },
      { drawn: { 'src/features/landing/LandingPage.tsx': '<h1>Create budgets.</h1>' } },
    );
    const landing = documents.find((document) => document.file === 'documents/LandingPage.html')?.html ?? '';
    expect(landing).toContain('<div id="root" data-prerendered><h1>Create budgets.</h1></div>');
    expect(landing).toMatch(/<style>html\[data-session="signed-in"\] #root\[data-prerendered\]\{visibility:hidden\}<\/style>\s*<\/head>/);
    const login = documents.find((document) => document.file === 'documents/LoginPage.html')?.html ?? '';
    expect(login).toContain('<div id="root"></div>');
    expect(login).not.toContain('data-prerendered');
  });

  it('starts the read a screen waits for with its document, as the app will ask for it', () => {
    const { documents } = routeDocuments(
      INDEX_HTML,
      MANIFEST,
      { '/': 'src/features/landing/LandingPage.tsx', '/login': 'src/features/auth/LoginPage.tsx' },
      { reads: { 'src/features/auth/LoginPage.tsx': ['/api/auth/config'] } },
    );
    const login = documents.find((document) => document.file === 'documents/LoginPage.html')?.html ?? '';
    expect(login).toMatch(/<link rel="preload" as="fetch" crossorigin="anonymous" href="\/api\/auth\/config">\s*<\/head>/);
    const landing = documents.find((document) => document.file === 'documents/LandingPage.html')?.html ?? '';
    expect(landing).not.toContain('rel="preload"');
  });
});
