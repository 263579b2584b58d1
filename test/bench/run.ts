// Benchmark entry: `npm run bench -- [name...] [--runs N] [--rss-runs N]` (= node --import tsx test/bench/run.ts ...).
// With no name, every benchmark runs. Benchmarks report; they do not fail the process on a missed goal.
import { runCrypto } from './crypto.js';
import { runLists } from './lists.js';
import { runOrderbook } from './orderbook.js';
import { runStartup } from './startup.js';
import { runPersistence } from './persistence.js';
import { runStorage } from './storage.js';
import { runEvents } from './events.js';
import { runScale } from './scale.js';
import { runNamespaces } from './namespaces.js';
import { runVsAnvil } from './vs-anvil.js';
import { runL1 } from './l1.js';

interface BenchOptions {
  runs?: number;
  rssRuns?: number;
}

const BENCHMARKS: Record<string, (o: BenchOptions) => Promise<void>> = {
  startup: (o) => runStartup(o).then(() => undefined),
  orderbook: (o) => runOrderbook(o),
  persistence: (o) => runPersistence(o),
  storage: (o) => runStorage(o),
  crypto: (o) => runCrypto(o),
  events: (o) => runEvents(o),
  lists: (o) => runLists(o),
  scale: (o) => runScale(o),
  namespaces: (o) => runNamespaces(o),
  'vs-anvil': (o) => runVsAnvil(o),
  l1: (o) => runL1(o),
};

function usage(): string {
  return `usage: npm run bench -- [${Object.keys(BENCHMARKS).join('|')}]... [--runs N] [--rss-runs N]`;
}

function parse(argv: readonly string[]): { names: string[]; options: BenchOptions } {
  const names: string[] = [];
  const options: BenchOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      console.log(usage());
      process.exit(0);
    }
    if (a === '--runs' || a === '--rss-runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) {
        console.error(`${a} needs a positive integer\n${usage()}`);
        process.exit(2);
      }
      if (a === '--runs') options.runs = n;
      else options.rssRuns = n;
      continue;
    }
    if (a.startsWith('-')) {
      console.error(`unknown option ${a}\n${usage()}`);
      process.exit(2);
    }
    if (!(a in BENCHMARKS)) {
      console.error(`unknown benchmark "${a}"; available: ${Object.keys(BENCHMARKS).join(', ')}`);
      process.exit(2);
    }
    names.push(a);
  }
  return { names: names.length ? names : Object.keys(BENCHMARKS), options };
}

const { names, options } = parse(process.argv.slice(2));
for (const name of names) {
  await BENCHMARKS[name]!(options);
}
