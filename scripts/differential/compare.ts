// Compares two recordings line by line: equal files pass; otherwise the first differing requests, both sides.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

interface Line {
  i?: number;
  route?: string;
  mut?: string;
  m?: string;
  url?: string;
  rq?: string;
  st?: number | string;
  ct?: string;
  code?: string;
  sha?: string;
  body?: string;
  summary?: boolean;
  format?: string;
}

async function* lines(path: string): AsyncGenerator<string> {
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) yield line;
}

/** Fields that must match: the request sent (method, URL, digest of headers and body) and the answer. */
const KEYS = ['m', 'url', 'rq', 'st', 'ct', 'sha'] as const;

function show(side: string, l: Line | undefined): string {
  if (!l) return `  ${side}: (no line)`;
  return `  ${side}: ${l.st} ${l.ct} code=${l.code} sha=${l.sha?.slice(0, 12)} ${JSON.stringify(l.body)}`;
}

export async function compare(a: string, b: string, max = 20): Promise<number> {
  const ia = lines(a)[Symbol.asyncIterator]();
  const ib = lines(b)[Symbol.asyncIterator]();
  let differing = 0;
  let requestDiverged = 0;
  let total = 0;
  let first: Line | undefined;
  let summaryDiffers = false;
  for (let n = 0; ; n++) {
    const [ra, rb] = await Promise.all([ia.next(), ib.next()]);
    if (ra.done && rb.done) break;
    const la: Line | undefined = ra.done ? undefined : JSON.parse(ra.value);
    const lb: Line | undefined = rb.done ? undefined : JSON.parse(rb.value);
    if (n === 0) {
      if (la?.format !== lb?.format) console.log(`format differs: ${la?.format} vs ${lb?.format}`);
      if (JSON.stringify(la) !== JSON.stringify(lb)) console.log(`header differs (seed or count): ${ra.value} vs ${rb.value}`);
      continue;
    }
    if (la?.summary || lb?.summary) {
      // Derived from the lines above: only worth a word when they were all equal (different counts).
      if (JSON.stringify(la) !== JSON.stringify(lb) && differing === 0) {
        console.log('the request lines are equal but the summaries differ (different --count?):');
        console.log(`  a: ${(ra.value ?? '(none)').slice(0, 200)}`);
        console.log(`  b: ${(rb.value ?? '(none)').slice(0, 200)}`);
        summaryDiffers = true;
      }
      continue;
    }
    total++;
    const same = la && lb && KEYS.every((k) => la[k] === lb[k]);
    if (same) continue;
    differing++;
    first ??= la ?? lb;
    const sameRequest = la && lb && la.m === lb.m && la.url === lb.url && la.rq === lb.rq;
    if (!sameRequest) requestDiverged++;
    if (differing <= max) {
      const l = la ?? lb!;
      console.log(`#${l.i} ${l.route} [${l.mut}]${sameRequest ? '' : '  (the requests themselves differ: the corpus diverged after an earlier difference)'}`);
      console.log(`  ${la?.m ?? lb?.m} ${la?.url ?? lb?.url}`);
      if (!sameRequest && lb) console.log(`  b sent: ${lb.m} ${lb.url}`);
      console.log(show('a', la));
      console.log(show('b', lb));
    }
  }
  if (differing === 0 && !summaryDiffers) {
    console.log(`identical: ${total} requests`);
    return 0;
  }
  if (differing === 0) return 1;
  console.log(`\n${differing} of ${total} requests differ (${requestDiverged} of them because the requests themselves differ); first at #${first?.i}`);
  return 1;
}
