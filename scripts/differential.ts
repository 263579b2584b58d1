// Differential corpus for l2-devnet: tens of thousands of malformed (and some valid) requests, recorded against one
// build and compared byte for byte with a recording of another build. Proves that a rewrite of request parsing
// (or a move of files) changes no answer.
//
//   node --import tsx scripts/differential.ts record --module <build>/dist/index.js --out <file> [--count 60000] [--seed 1]
//   node --import tsx scripts/differential.ts compare <a> <b>        exit 0 if identical, else 1 with the first 20 differences
//   scripts/differential.sh <commit-ish> <out-file> [--count N] [--seed S]   export, build and record any commit
//   npx tsc -p scripts/tsconfig.json                                 typecheck these scripts
//
// record imports the build's dist/index.js (createDevnet: two in-process devnets of the default genesis, one with
// errorStatus 'http' for a sixth of the steps) and its dist/testing.js (each build signs with its own helpers).
// The corpus is a function of the seed and of the answers (ids, nonces, CIDs are read from them): a hard-coded
// catalogue of every route with a valid base request (scripts/differential/catalogue.ts), mutated field by field
// (scripts/differential/mutate.ts), interleaved with valid flows (transfers, matching orders, mints, projects,
// uploads, snapshots) and well-formed requests the domain must refuse. Nothing is read from the code under test
// or from its /openapi.json (which is not requested: its text is expected to change with the declarations).
// --count counts every request (lookups and valid flows included); the summary's "kinds" says how many were
// malformed (about 63% at the default mix). A shorter run is a prefix of a longer one with the same seed.
//
// One JSON line per request: i (index), s (step), dn (F fidelity / H http devnet), route (catalogue key; a wrong
// method shows as that method), mut (what was done), m, url (cut at 300), rq (digest of method, URL, headers, body),
// st (status, or THROW when fetch threw), ct (content type), code (error_code, OK, plain, raw or throw), sha (sha256
// of the body), body (first 200 chars). The first line names the format, seed and count; the last one is the
// summary (requests per kind, per status and per code, (route, code) pairs). compare checks m, url, rq, st, ct, sha.
//
// Debugging: DIFFERENTIAL_TRACE=1 writes each request to stderr before it is sent (a request that hangs is the
// last one); DIFFERENTIAL_DUMP_AT=N writes the state request N would meet to <out>.<F|H>.state.json and stops.
import { compare } from './differential/compare.js';
import { record } from './differential/record.js';
import type { Summary } from './differential/record.js';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: differential.ts record --module <dist/index.js> --out <file> [--count 60000] [--seed 1]\n       differential.ts compare <a> <b>');
  process.exit(2);
}

function options(args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) usage(`unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else {
      const v = args[++i];
      if (v === undefined) usage(`${a} needs a value`);
      out.set(a.slice(2), v);
    }
  }
  return out;
}

function printSummary(s: Summary, seconds: number): void {
  const err = (line: string) => process.stderr.write(line + '\n');
  err(`${s.requests} requests in ${s.steps} steps, ${seconds.toFixed(1)} s`);
  err(`kinds: ${Object.entries(s.kinds).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  err(`status: ${Object.entries(s.status).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  err(`error_code: ${Object.entries(s.error_code).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  err(`distinct (route, code) pairs: ${s.pairs} over ${Object.keys(s.routes).length} route keys; ${s.declared_pairs} on the catalogue's routes`);
  if (s.single_code_routes.length) err(`catalogue routes that reached one code only: ${s.single_code_routes.join(', ')}`);
}

// Node warns once per process when a request uses the method 'patch' (a mutation does, on purpose).
process.removeAllListeners('warning');
process.on('warning', (w: Error & { code?: string }) => {
  if (w.code !== 'UNDICI-FETCH-patch') console.error(w);
});

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'record') {
    const o = options(rest);
    const module = o.get('module') ?? usage('--module is required');
    const out = o.get('out') ?? usage('--out is required');
    const count = Number(o.get('count') ?? '60000');
    if (!Number.isSafeInteger(count) || count < 1) usage(`--count must be a positive integer, got ${o.get('count')}`);
    const started = performance.now();
    const summary = await record({ module, out, count, seed: o.get('seed') ?? '1' });
    printSummary(summary, (performance.now() - started) / 1000);
  } else if (command === 'compare') {
    if (rest.length !== 2) usage('compare takes two files');
    process.exitCode = await compare(rest[0]!, rest[1]!);
  } else {
    usage(command ? `unknown command ${command}` : undefined);
  }
}

await main();
