/**
 * The Content-Security-Policy sources that allow a document's inline scripts and nothing else
 * (DECISIONS.md #121): the web build puts the first-paint script inline in index.html (a request
 * of its own held parsing back by a round trip), and `script-src` names it by its SHA-256, as CSP
 * Level 2 defines, instead of allowing every inline script.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** An inline `<script>`: no `src`, its text up to the closing tag. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` of each distinct inline script of `html`, in order. */
export function inlineScriptHashes(html: string): string[] {
  const sources = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
  return [...new Set(sources)];
}

/**
 * The hash sources of the built web app's index.html under `distDir`, or none without a build.
 * The route documents (DECISIONS.md #117) are copies of index.html, with the same scripts.
 */
export function builtInlineScriptHashes(distDir: string): string[] {
  if (!distDir) return [];
  const indexFile = path.join(distDir, 'index.html');
  return fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
}
