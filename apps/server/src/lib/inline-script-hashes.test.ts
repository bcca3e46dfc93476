import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP sources of a document’s inline scripts', () => {
  it('hashes exactly the text between the tags, whitespace included, as the browser does', () => {
    const boot = '\n(function () { document.documentElement.setAttribute("data-x", "1"); })();\n';
    expect(inlineScriptHashes(`<head><script>${boot}</script></head>`)).toEqual([sha(boot)]);
    // The well-known hash of an empty script, as CSP tools print it.
    expect(inlineScriptHashes('<script></script>')).toEqual([
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
  });

  it('leaves out scripts loaded from a file, and names a repeated script once', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <script>one()</script><script type="text/javascript">two()</script><script>one()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha('one()'), sha('two()')]);
  });

  it('allows nothing for a document without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><div id="root"></div>')).toEqual([]);
  });
});
