// Bundles the server into dist/main.js and the chunks it shares with the other entries or imports
// when needed. Cold start is dominated by module loading, so every JavaScript dependency is
// bundled; only packages with native binaries (and pg's optional native driver) stay external and
// load from node_modules.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// nodemailer is imported only when SMTP_URL is set, so it stays out of the bundle's start-up cost.
// @fastify/swagger-ui serves its own static files from next to its code (__dirname), so it loads
// from node_modules too.
// sharp loads its platform's binary package; tesseract.js starts its worker thread from a script
// beside its own code and its WebAssembly core from tesseract.js-core; the English model is a
// file of @tesseract.js-data/eng found through its package (receipts, DECISIONS.md #108).
const NATIVE = ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'nodemailer', '@fastify/swagger-ui', 'sharp', 'tesseract.js', '@tesseract.js-data/eng'];

// Imports run off the server's thread: on a SQLite file the whole import runs in the SQLite
// import thread (sqlite-import.thread.ts); on PostgreSQL the prepare thread parses and keys the
// rows (prepare-statement.thread.ts) and the server's thread writes them.
const entryPoints = {
  main: 'src/main.ts',
  // `node apps/server/dist/migrate.js`: npm run migrate for a built deployment.
  migrate: 'src/migrate.ts',
  // `node apps/server/dist/reflection-emails.js`: npm run reflection-emails for a built deployment.
  'reflection-emails': 'src/reflection-emails.ts',
  'sqlite-import-thread': 'src/modules/imports/sqlite-import.thread.ts',
  'prepare-statement-thread': 'src/modules/imports/prepare-statement.thread.ts',
};

const { outputFiles } = await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  // What the server imports only when it is needed (S3's SDK when attachments go to S3, the file-type
  // sniffer, …) becomes files of its own, loaded then: their source text no longer sits in every
  // process's memory, and the entries share one copy of what they have in common. Idle RSS
  // 125.5 -> 114.6 MB (issue 29, DECISIONS.md #118).
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // The bundle's source text stays in memory for the process's life: drop whitespace and dead
  // syntax, but keep identifiers so stack traces still name functions.
  minifyWhitespace: true,
  minifySyntax: true,
  // Non-ASCII characters in strings written as escapes. One character above U+00FF anywhere in a
  // bundle makes V8 keep its whole source text at two bytes per character: 4 MB more for main.js.
  // esbuild leaves regular expressions as they are, hence the check after the build.
  charset: 'ascii',
  external: NATIVE,
  // Bundled CommonJS packages call require() for Node's built-ins; give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  write: false,
});

// Each file is written beside its place and renamed over it, so a server started while another
// build runs (the race tests of two API stages build at once, src/test/race/harness.ts) reads the
// old file or the new one, never half of one.
function replaceFile(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}
// The shared chunks first, the entries last: a server started during a build never finds its entry
// naming a chunk not written yet. Chunks of earlier builds stay (a running server may still load
// one lazily); a fresh checkout or image starts from an empty dist.
const entryFiles = new Set(Object.keys(entryPoints).map((name) => path.resolve('dist', `${name}.js`)));
const byEntryLast = [...outputFiles].sort((a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)));
for (const output of byEntryLast) replaceFile(output.path, output.contents);

// The common-password list is read from beside the bundle on first use, not bundled as 49,000
// strings (src/lib/common-passwords.ts, DECISIONS.md #105).
replaceFile(path.resolve('dist/common-passwords.txt'), readFileSync('src/lib/common-passwords.txt'));

// A character above U+00FF left in a bundle (in a regular expression, say) is a build error:
// write it as a \u escape in the source instead.
for (const file of readdirSync('dist').filter((name) => name.endsWith('.js'))) {
  const text = readFileSync(`dist/${file}`, 'utf8');
  const at = text.search(/[\u0100-\uffff]/);
  if (at >= 0) {
    throw new Error(`dist/${file} holds ${JSON.stringify(text[at])} near ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 20))}: write it as a \\u escape (apps/server/build.mjs).`);
  }
}
