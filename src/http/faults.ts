// Fault injection for client tests: fail or delay chosen calls, reproducibly. HTTP-level, never part of the state.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { DevnetError, ErrorCode, fail } from '../domain/values/errors.js';
import { failure } from './reply.js';
import type { ErrorStatusMode } from './errors.js';
import * as v from 'valibot';
import { fieldOf, isMissing, refuse, show, withDefault, type Values } from './fields/field.js';
import { optUint } from './fields/kinds.js';
import { optFreeText, optText, TEXT_LIMITS } from './fields/text.js';
import { count, int, text } from '../domain/values/wire.js';

const CODES = new Set<number>(Object.values(ErrorCode));

const PATH_TEXT = optText({ max: TEXT_LIMITS.url });
const PATH = fieldOf(
  v.pipe(
    PATH_TEXT.json,
    v.check((p) => p?.startsWith('/') === true, 'notPath'),
    v.check((p) => !p!.startsWith('/_devnet'), 'control'),
    v.transform((p) => p!),
  ),
  {
    ...PATH_TEXT.refusals,
    notPath: refuse(
      ErrorCode.InvalidParam,
      (_name, value) => `path must be a route path such as "/v1/transfers" (or a prefix ending in *), got ${show(value)}`,
    ),
    control: refuse(ErrorCode.InvalidParam, () => 'the control plane (/_devnet/*) cannot be faulted, so faults can always be removed'),
  },
  { required: true, description: 'exact path, or a prefix ending in *; not /_devnet' },
);

const ERROR_CODE = fieldOf(
  v.pipe(
    optUint({ below: 1000n }).json,
    v.transform((c) => (c === undefined ? null : Number(c))),
    v.check((c) => c === null || (CODES.has(c) && c !== 0), 'notFailure'),
  ),
  {
    ...optUint({ below: 1000n }).refusals,
    notFailure: refuse(
      ErrorCode.InvalidParam,
      (_name, value) => `error_code must be a failure code of the error table, got ${Number(/\d+/.exec(String(value))![0])}`,
    ),
  },
  { description: 'a failure code of the error table' },
);

// Anything Number() reads as a number in [0, 1] is taken (the field has always been this lenient).
const PROBABILITY = fieldOf(
  v.pipe(
    v.unknown(),
    v.transform((p) => (isMissing(p) ? null : typeof p === 'number' ? p : Number(p))),
    v.check((p) => p === null || (p >= 0 && p <= 1), 'range'),
  ),
  { range: refuse(ErrorCode.InvalidParam, (_name, value) => `probability must be a number in [0, 1], got ${show(value)}`) },
  { description: 'a number in [0, 1]; instead of nth/count, drawn from seed' },
);

/** The body of POST /_devnet/faults; FaultTable.add reads it in this order (cross-field checks between). */
export const FAULT_BODY = {
  method: fieldOf(
    v.pipe(
      optText().json,
      v.transform((m) => m?.toUpperCase() ?? null),
    ),
    optText().refusals,
    { description: 'any method when absent' },
  ),
  path: PATH,
  error_code: ERROR_CODE,
  latency_ms: withDefault(optUint({ below: 60_001n }), 0, Number, 'milliseconds, at most 60000'),
  probability: PROBABILITY,
  nth: withDefault(optUint({ min: 1n, below: 1n << 31n }), 1, Number, 'first matching call to fail (1-based), default 1'),
  count: withDefault(optUint({ below: 1n << 31n }), 1, Number, 'calls to fail from nth on; 0 = all; default 1'),
  seed: withDefault(optText(), 'l2-devnet', (s: string) => s, 'default "l2-devnet"'),
  message: withDefault(optFreeText(), 'injected fault (POST /_devnet/faults)', (s: string) => s, "the FAILED envelope's error"),
};

/** A fault as the control plane shows it (POST and GET /_devnet/faults). */
export const FAULT = v.pipe(
  v.strictObject({
    id: text('f1, f2, …'),
    method: v.pipe(v.nullable(v.string()), v.description('upper-case method; null for any')),
    path: text('exact path, or a prefix ending in *'),
    nth: int('first matching call that fails (1-based)'),
    count: count('calls that fail from nth on; 0 = all'),
    probability: v.pipe(
      v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      v.description('instead of nth/count: the chance each matching call fails; null when not set'),
    ),
    seed: text('seed of the probability draws'),
    error_code: v.pipe(v.nullable(int()), v.description('the code of the FAILED envelope; null: only a delay')),
    message: text("the FAILED envelope's error"),
    latency_ms: count('delay before answering, milliseconds'),
    seen: count('matching calls so far'),
    fired: count('calls that failed or were delayed so far'),
  }),
  v.title('Fault'),
);

export type Fault = v.InferOutput<typeof FAULT>;

export class FaultTable {
  private faults: Fault[] = [];
  private next = 1;

  /** Adds a fault from a POST /_devnet/faults body (19 for anything off); `sent` tells given from absent. */
  add(b: Values<typeof FAULT_BODY>, sent: (name: keyof typeof FAULT_BODY) => boolean): Fault {
    const { method, path, error_code: errorCode, latency_ms: latencyMs } = b;
    if (errorCode === null && latencyMs === 0) fail(ErrorCode.InvalidParam, 'a fault needs error_code, latency_ms, or both');
    const probability = b.probability;
    if (probability !== null && (sent('nth') || sent('count')))
      fail(ErrorCode.InvalidParam, 'give either probability (with seed) or nth/count, not both');
    const fault: Fault = {
      id: `f${this.next++}`,
      method,
      path,
      nth: b.nth,
      count: b.count,
      probability,
      seed: b.seed,
      error_code: errorCode,
      message: b.message,
      latency_ms: latencyMs,
      seen: 0,
      fired: 0,
    };
    this.faults.push(fault);
    return { ...fault };
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  /** Copies: the table goes on counting. */
  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Counts the call against every matching fault; returns the ones that fire for it. */
  match(method: string, path: string): Fault[] {
    const fired: Fault[] = [];
    for (const f of this.faults) {
      if (f.method !== null && f.method !== method) continue;
      if (f.path.endsWith('*') ? !path.startsWith(f.path.slice(0, -1)) : f.path !== path) continue;
      f.seen += 1;
      const hit =
        f.probability !== null ? draw(f.seed, f.seen) < f.probability : f.seen >= f.nth && (f.count === 0 || f.seen < f.nth + f.count);
      if (hit) {
        f.fired += 1;
        fired.push(f);
      }
    }
    return fired;
  }

  /** The middleware: delays, then answers with the fault's FAILED envelope without running the route. */
  middleware(mode: ErrorStatusMode): MiddlewareHandler {
    // No faults (the usual case): hand straight on, without an async frame of its own.
    return (c, next) => (this.faults.length === 0 ? next() : this.apply(c, next, mode));
  }

  /** With faults armed: `/_devnet/*` passes; otherwise count the call, delay, maybe answer FAILED. */
  // biome-ignore lint/suspicious/noConfusingVoidType: hono's middleware signature (next() resolves to void)
  private async apply(c: Context, next: Next, mode: ErrorStatusMode): Promise<Response | void> {
    if (c.req.path.startsWith('/_devnet')) return next();
    const fired = this.match(c.req.method, c.req.path);
    const latency = fired.reduce((ms, f) => Math.max(ms, f.latency_ms), 0);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const failing = fired.find((f) => f.error_code !== null);
    if (!failing) return next();
    return failure(c, new DevnetError(failing.error_code as DevnetError['code'], failing.message), mode);
  }
}

/** A reproducible number in [0, 1) for the n-th matching call under `seed`. */
function draw(seed: string, n: number): number {
  const h = sha256(utf8ToBytes(`${seed}/${n}`));
  return (((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 0) / 2 ** 32;
}
