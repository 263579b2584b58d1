// The recorder: drives two in-process devnets of one build (fidelity and http error statuses) through the corpus
// and writes one JSON line per request, then a summary line.
import { createHash } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { render } from './draft.js';
import type { Draft } from './draft.js';
import { Ctx } from './context.js';
import type { Resp, Signing } from './context.js';
import { DOMAIN, FLOWS, catalogue, mutatedRequest, setup, unknownRoute } from './catalogue.js';
import { mutate } from './mutate.js';
import { Rng } from './prng.js';

export const FORMAT = 'l2-devnet-differential@1';
const URL_MAX = 300;
/** DIFFERENTIAL_TRACE=1: each request on stderr before it is sent (to find one that hangs). */
const TRACE = process.env.DIFFERENTIAL_TRACE === '1';
/** DIFFERENTIAL_DUMP_AT=N: instead of request N, write the state it would meet to <out>.<F|H>.state.json and stop. */
const DUMP_AT = process.env.DIFFERENTIAL_DUMP_AT === undefined ? -1 : Number(process.env.DIFFERENTIAL_DUMP_AT);
const BODY_MAX = 200;

/** Thrown by send() once the corpus has its count of requests: ends the run wherever a step is. */
class Stop extends Error {}

interface InProcess {
  fetch(input: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface RecordOptions {
  module: string;
  out: string;
  count: number;
  seed: string;
  /** One step in this many goes to the devnet started with errorStatus 'http'. */
  httpEvery?: number;
}

export interface Summary {
  summary: true;
  requests: number;
  steps: number;
  /** Requests per purpose: malformed, base (unmutated), flow, domain, lookup, setup, wrap, cleanup, unknown-route. */
  kinds: Record<string, number>;
  status: Record<string, number>;
  error_code: Record<string, number>;
  /** (route, code) pairs over every route key, wrong methods and unknown paths included. */
  pairs: number;
  /** (route, code) pairs over the catalogue's routes only (method and path as declared). */
  declared_pairs: number;
  /** Catalogue routes whose requests all got the same code: weak coverage. */
  single_code_routes: string[];
  routes: Record<string, Record<string, number>>;
}

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const decoder = new TextDecoder('utf-8', { fatal: false });

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…(+${s.length - max})`;
}

/** The answer's error code for the summary: the envelope's error_code, OK for an envelope without one, plain/raw/throw otherwise. */
function codeOf(r: Resp): string {
  if (r.status === 'THROW') return 'throw';
  const j = r.json;
  if (j && typeof j === 'object' && !Array.isArray(j)) {
    // Only envelopes carry a code: a control-plane answer may have an error_code field of its own (a fault's).
    if ((j.status === 'OK' || j.status === 'FAILED') && 'data' in j) return typeof j.error_code === 'number' ? String(j.error_code) : j.status;
    return 'plain';
  }
  return j === undefined ? 'raw' : 'plain';
}

/** What a request is there for: malformed (a mutated base), or one of the valid kinds around them. */
function kindOf(label: string): string {
  const head = label.split(':')[0]!;
  return ['lookup', 'setup', 'flow', 'domain', 'wrap', 'cleanup', 'base', 'unknown-route'].includes(head) ? head : 'malformed';
}

class Recorder {
  i = 0;
  step = 0;
  private readonly out;
  readonly status: Record<string, number> = {};
  readonly codes: Record<string, number> = {};
  readonly routes: Record<string, Record<string, number>> = {};
  readonly kinds: Record<string, number> = {};
  /** Milliseconds spent per route (stderr only: wall time never goes into the file). */
  readonly millis = new Map<string, number>();

  constructor(private readonly path: string, private readonly count: number) {
    this.out = createWriteStream(path);
  }

  write(line: unknown): void {
    this.out.write(JSON.stringify(line) + '\n');
  }

  async send(dn: InProcess, tag: string, d: Draft): Promise<Resp> {
    if (this.i >= this.count) throw new Stop();
    if (this.i === DUMP_AT) {
      // Debugging aid: the state this request would meet, then stop.
      const state = await (await dn.fetch('/_devnet/state')).text();
      writeFileSync(`${this.path}.${tag}.state.json`, state);
      throw new Error(`DIFFERENTIAL_DUMP_AT=${DUMP_AT}: the state of devnet ${tag} is in ${this.path}.${tag}.state.json`);
    }
    const i = this.i++;
    const w = render(d);
    if (TRACE) process.stderr.write(`${i} ${tag} ${w.method} ${cut(w.url, 200)} [${d.labels.join(' + ')}]\n`);
    const reqHash = createHash('sha256').update(`${w.method}\n${w.url}\n${w.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n`);
    if (w.body !== undefined) reqHash.update(w.body);
    let r: Resp;
    let bytes: Uint8Array;
    try {
      const init: RequestInit = { method: w.method, headers: w.headers };
      if (w.body !== undefined) init.body = w.body as RequestInit["body"];
      const started = performance.now();
      const res = await dn.fetch(w.url, init);
      const ct = res.headers.get('content-type') ?? '';
      if (ct.startsWith('text/event-stream')) {
        // The event stream never ends: its status and headers are the answer.
        await res.body?.cancel();
        bytes = new Uint8Array();
      } else {
        bytes = new Uint8Array(await res.arrayBuffer());
      }
      this.millis.set(d.route, (this.millis.get(d.route) ?? 0) + performance.now() - started);
      const text = decoder.decode(bytes);
      let json: unknown;
      if (ct.includes('json') && /^\s*[[{]/.test(text)) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      r = { status: res.status, ct, text, json };
    } catch (e) {
      if (e instanceof Stop) throw e;
      const err = e as Error;
      const text = `${err?.name}: ${err?.message}`;
      bytes = new TextEncoder().encode(text);
      r = { status: 'THROW', ct: '', text, json: undefined };
    }
    const code = codeOf(r);
    const routeKey = d.route;
    this.status[String(r.status)] = (this.status[String(r.status)] ?? 0) + 1;
    this.codes[code] = (this.codes[code] ?? 0) + 1;
    const kind = kindOf(d.labels[0] ?? '');
    this.kinds[kind] = (this.kinds[kind] ?? 0) + 1;
    const perRoute = (this.routes[routeKey] ??= {});
    perRoute[code] = (perRoute[code] ?? 0) + 1;
    this.write({
      i, s: this.step, dn: tag, route: routeKey, mut: d.labels.join(' + '), m: w.method, url: cut(w.url, URL_MAX), rq: reqHash.digest('hex').slice(0, 16),
      st: r.status, ct: r.ct, code, sha: sha256(bytes), body: cut(r.text, BODY_MAX),
    });
    return r;
  }

  summary(declared: Set<string>): Summary {
    const pairs = Object.values(this.routes).reduce((n, codes) => n + Object.keys(codes).length, 0);
    const ours = Object.entries(this.routes).filter(([k]) => declared.has(k));
    const declaredPairs = ours.reduce((n, [, codes]) => n + Object.keys(codes).length, 0);
    const single = ours.filter(([, codes]) => Object.keys(codes).length === 1).map(([k]) => k).sort();
    const sortObj = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return {
      summary: true, requests: this.i, steps: this.step, kinds: sortObj(this.kinds), status: sortObj(this.status), error_code: sortObj(this.codes), pairs, declared_pairs: declaredPairs, single_code_routes: single,
      routes: sortObj(Object.fromEntries(Object.entries(this.routes).map(([k, v]) => [k, sortObj(v)]))),
    };
  }

  close(): Promise<void> {
    return new Promise((done, fail) => this.out.end((e?: Error | null) => (e ? fail(e) : done())));
  }
}

/** Records the corpus against the build whose dist/index.js is `module` (its dist/testing.js signs). */
export async function record(o: RecordOptions): Promise<Summary> {
  const modulePath = resolve(o.module);
  const lib = (await import(pathToFileURL(modulePath).href)) as { createDevnet(options?: object): InProcess };
  const signing = (await import(pathToFileURL(join(dirname(modulePath), 'testing.js')).href)) as Signing;
  const fidelity = lib.createDevnet();
  const http = lib.createDevnet({ errorStatus: 'http' });
  const rec = new Recorder(o.out, o.count);
  // The header names no path or time: two recordings of equal builds are equal files.
  rec.write({ format: FORMAT, seed: o.seed, count: o.count });
  const ctxF = new Ctx('F', (d) => rec.send(fidelity, 'F', d), signing);
  const ctxH = new Ctx('H', (d) => rec.send(http, 'H', d), signing);
  const routes = catalogue();
  const routeWeights = routes.map((r) => [r.weight, r] as const);
  const httpEvery = o.httpEvery ?? 6;
  try {
    await setup(ctxF);
    await setup(ctxH);
    for (let step = 0; ; step++) {
      rec.step = step;
      const rng = new Rng(`${o.seed}:${step}`);
      const ctx = rng.int(httpEvery) === 0 ? ctxH : ctxF;
      const kind = rng.weighted([[84, 'mutate'], [10, 'flow'], [4.5, 'domain'], [1.5, 'unknown']] as const);
      if (kind === 'mutate') {
        const route = rng.weighted(routeWeights);
        const alt = ctx.alt();
        await mutatedRequest(ctx, rng, route, (d) => mutate({ d, fields: route.fields, rng: rng.fork('m'), alt, auth: !!route.auth }));
      } else if (kind === 'flow') {
        await rng.weighted(FLOWS.map(([w, , fn]) => [w, fn] as const))(ctx, rng.fork('flow'));
      } else if (kind === 'domain') {
        await rng.weighted(DOMAIN.map(([w, , fn]) => [w, fn] as const))(ctx, rng.fork('domain'));
      } else {
        await unknownRoute(ctx, rng.fork('unknown'));
      }
    }
  } catch (e) {
    if (!(e instanceof Stop)) {
      await rec.close().catch(() => undefined);
      throw e;
    }
  }
  const summary = rec.summary(new Set(routes.map((r) => r.id)));
  const slow = [...rec.millis].sort((a, b) => b[1] - a[1]).slice(0, 6);
  process.stderr.write(`time in the devnets, slowest routes: ${slow.map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}\n`);
  rec.write(summary);
  await rec.close();
  await fidelity.close();
  await http.close();
  return summary;
}
