// Bundles the CLI (dist/main.js, as tsc wrote it) into one module plus chunks, in place: run by
// `npm run build` after tsc. Node's ES module loader pays per file (resolve, read, compile), about
// 90 ms for the ~190 modules a start imported; one bundle pays once. docs/benchmarks.md, Start-up.
//
// - Splitting keeps every import() lazy: the explorer's page, the OpenAPI document and its examples,
//   the IPFS stack, a state dir's code, the scenario and fuzz subcommands each stay a chunk of their
//   own, loaded on first use.
// - The chunks sit beside main.js (dist/main-*.js): code that finds a file from import.meta.url
//   (emulator/genesis-file.ts: ../fixtures/default.json) resolves it from dist/ as it does unbundled.
// - The library entries (index.js, testing.js, vitest*.js) stay tsc's modules; only the bin is bundled.
// - Inside the bundle: our code and the packages a start loads (hono, @hono/node-server, valibot,
//   @noble/hashes, @noble/curves' helpers). Packages only a lazy chunk uses stay imports of
//   node_modules, so the package does not ship them twice: the IPFS stack (multiformats, @ipld/*,
//   ipfs-unixfs and its exporter, one copy of multiformats' CID class for all of it), busboy (uploads; CommonJS, which an ESM bundle cannot
//   require node builtins from), @valibot/to-json-schema (/openapi.json), lowdb (--state),
//   prom-client (the first GET /metrics),
//   and the optional peers (fast-check, vitest: the fuzz subcommand finds the user's fast-check, or
//   says it needs one). The build fails if one of them is imported before the ready line.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The directory tsc wrote (scripts/build.mjs passes its staging directory).
const DIST = process.argv[2] ? pathToFileURL(resolve(process.argv[2]) + '/') : new URL('../dist/', import.meta.url);
const ENTRY = fileURLToPath(new URL('main.js', DIST));

/** Imported by lazy chunks only: left to node_modules. */
const LAZY_PACKAGES = [
  'fast-check',
  'vitest',
  'multiformats',
  '@ipld/car',
  '@ipld/dag-pb',
  'ipfs-unixfs-exporter',
  'ipfs-unixfs',
  '@valibot/to-json-schema',
  'lowdb',
  'prom-client',
  'busboy',
  // Only when running from src/ (the explorer's module is bundled at build): never from dist/.
  'esbuild',
];

const result = await build({
  entryPoints: [ENTRY],
  outdir: fileURLToPath(DIST),
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  entryNames: '[name]',
  chunkNames: 'main-[name]-[hash]',
  external: LAZY_PACKAGES.flatMap((p) => [p, `${p}/*`]),
  // Readable output: a stack trace from the CLI points at lines a reader can follow.
  minify: false,
  legalComments: 'inline',
  logLevel: 'warning',
  metafile: true,
});

// What a start loads: main.js and the chunks it imports statically. None may import a lazy package.
const outputs = result.metafile.outputs;
const eager = new Set();
const visit = (k) => {
  if (eager.has(k)) return;
  eager.add(k);
  for (const i of outputs[k].imports) {
    if (i.kind !== 'import-statement') continue;
    if (i.external) {
      if (LAZY_PACKAGES.some((p) => i.path === p || i.path.startsWith(`${p}/`)))
        throw new Error(`bundle-cli: ${k} imports ${i.path} at start-up; it was meant to load lazily`);
    } else visit(i.path);
  }
};
// The bin's own output (each lazy chunk is an entry point of the metafile too), and the CLI it imports
// once the compile cache is on (src/main.ts): a start loads that at once.
const bin = Object.keys(outputs).find((k) => outputs[k].entryPoint !== undefined && resolve(outputs[k].entryPoint) === ENTRY);
const cli = outputs[bin].imports.filter((i) => i.kind === 'dynamic-import' && !i.external);
if (cli.length !== 1) throw new Error(`bundle-cli: ${bin} should import the CLI alone, dynamically; it imports ${JSON.stringify(cli)}`);
visit(bin);
visit(cli[0].path);

const chunks = readdirSync(DIST).filter((f) => f.startsWith('main-') && f.endsWith('.js'));
const kB = (n) => `${Math.round(n / 1024)} kB`;
const size = Object.entries(result.metafile.outputs).reduce((n, [, o]) => n + o.bytes, 0);
const eagerSize = [...eager].reduce((n, k) => n + outputs[k].bytes, 0);
console.log(
  `bundle-cli: dist/main.js and ${chunks.length} chunks, ${kB(size)} in all; a start loads ${eager.size} of the files, ${kB(eagerSize)}`,
);
