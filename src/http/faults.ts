// Fault injection for client tests: fail or delay chosen calls, reproducibly. HTTP-level, never part of the state.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { DevnetError, ErrorCode, fail } from '../domain/values/errors.js';
import { failure } from './reply.js';
import type { ErrorStatusMode } from './errors.js';
import { isMissing, optTextField, uintField } from './fields.js';
import { field } from './spec.js';
import type { Values } from './spec.js';

const CODES = new Set<number>(Object.values(ErrorCode));

/** The body of POST /_devnet/faults; FaultTable.add reads it in this order (cross-field checks between). */
export const FAULT_BODY = {
  method: field({ type: 'string', description: 'any method when absent' }, (v, name) => optTextField(v, name)?.toUpperCase() ?? null),
  path: field({ type: 'string', description: 'exact path, or a prefix ending in *; not /_devnet' }, (v, name) => {
    const path = optTextField(v, name);
    if (path === undefined || !path.startsWith('/')) fail(ErrorCode.InvalidParam, `path must be a route path such as "/v1/transfers" (or a prefix ending in *), got ${JSON.stringify(v)}`);
    if (path.startsWith('/_devnet')) fail(ErrorCode.InvalidParam, 'the control plane (/_devnet/*) cannot be faulted, so faults can always be removed');
    return path;
  }, { required: true }),
  error_code: field({ type: 'integer', description: 'a failure code of the error table' }, (v, name) => {
    const code = isMissing(v) ? null : Number(uintField(v, name, { below: 1000n }));
    if (code !== null && (!CODES.has(code) || code === 0)) fail(ErrorCode.InvalidParam, `error_code must be a failure code of the error table, got ${code}`);
    return code;
  }),
  latency_ms: field({ type: 'integer', minimum: 0, maximum: 60000 }, (v, name) => (isMissing(v) ? 0 : Number(uintField(v, name, { below: 60_001n })))),
  probability: field({ type: 'number', minimum: 0, maximum: 1, description: 'instead of nth/count, drawn from seed' }, (v) => {
    if (isMissing(v)) return null;
    const p = typeof v === 'number' ? v : Number(v);
    if (!(p >= 0 && p <= 1)) fail(ErrorCode.InvalidParam, `probability must be a number in [0, 1], got ${JSON.stringify(v)}`);
    return p;
  }),
  nth: field({ type: 'integer', minimum: 1, default: 1, description: 'first matching call to fail (1-based)' }, (v, name) => (isMissing(v) ? 1 : Number(uintField(v, name, { min: 1n, below: 1n << 31n })))),
  count: field({ type: 'integer', minimum: 0, default: 1, description: 'calls to fail from nth on; 0 = all' }, (v, name) => (isMissing(v) ? 1 : Number(uintField(v, name, { below: 1n << 31n })))),
  seed: field({ type: 'string', default: 'l2-devnet' }, (v, name) => optTextField(v, name) ?? 'l2-devnet'),
  message: field({ type: 'string' }, (v, name) => optTextField(v, name) ?? `injected fault (POST /_devnet/faults)`),
};

export interface Fault {
  id: string;
  /** Upper-case method, or null for any. */
  method: string | null;
  /** Exact path, or a prefix when it ends with `*`. */
  path: string;
  /** Fail matching call number `nth` (1-based, counted from when the fault was added)... */
  nth: number;
  /** ...and the `count - 1` after it (0 = every call from `nth` on). */
  count: number;
  /** Instead of nth/count: each matching call fails with this probability, drawn from `seed`. */
  probability: number | null;
  seed: string;
  /** null = only delay. */
  errorCode: number | null;
  message: string;
  latencyMs: number;
  seen: number;
  fired: number;
}

export class FaultTable {
  private faults: Fault[] = [];
  private next = 1;

  /** Adds a fault from a POST /_devnet/faults body (19 for anything off); `sent` tells given from absent. */
  add(b: Values<typeof FAULT_BODY>, sent: (name: keyof typeof FAULT_BODY) => boolean): Fault {
    const method = b.method;
    const path = b.path;
    const errorCode = b.error_code;
    const latencyMs = b.latency_ms;
    if (errorCode === null && latencyMs === 0) fail(ErrorCode.InvalidParam, 'a fault needs error_code, latency_ms, or both');
    const probability = b.probability;
    if (probability !== null && (sent('nth') || sent('count'))) fail(ErrorCode.InvalidParam, 'give either probability (with seed) or nth/count, not both');
    const fault: Fault = {
      id: `f${this.next++}`,
      method,
      path,
      nth: b.nth,
      count: b.count,
      probability,
      seed: b.seed,
      errorCode,
      message: b.message,
      latencyMs,
      seen: 0,
      fired: 0,
    };
    this.faults.push(fault);
    return fault;
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

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
      const hit = f.probability !== null ? draw(f.seed, f.seen) < f.probability : f.seen >= f.nth && (f.count === 0 || f.seen < f.nth + f.count);
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
  private async apply(c: Context, next: Next, mode: ErrorStatusMode): Promise<Response | void> {
    if (c.req.path.startsWith('/_devnet')) return next();
    const fired = this.match(c.req.method, c.req.path);
    const latency = fired.reduce((ms, f) => Math.max(ms, f.latencyMs), 0);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const failing = fired.find((f) => f.errorCode !== null);
    if (!failing) return next();
    return failure(c, new DevnetError(failing.errorCode as DevnetError['code'], failing.message), mode);
  }
}

/** A reproducible number in [0, 1) for the n-th matching call under `seed`. */
function draw(seed: string, n: number): number {
  const h = sha256(utf8ToBytes(`${seed}/${n}`));
  return (((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) >>> 0) / 2 ** 32;
}

/** The view of a fault in control-plane answers. */
export function faultView(f: Fault): Record<string, unknown> {
  return {
    id: f.id, method: f.method, path: f.path, nth: f.nth, count: f.count, probability: f.probability, seed: f.seed,
    error_code: f.errorCode, message: f.message, latency_ms: f.latencyMs, seen: f.seen, fired: f.fired,
  };
}
