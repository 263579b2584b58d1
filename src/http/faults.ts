// Fault injection for client tests: fail or delay chosen calls, reproducibly. HTTP-level, never part of the state.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { MiddlewareHandler } from 'hono';
import { DevnetError, ErrorCode, fail } from '../domain/errors.js';
import { failedBody, jsonHeaders } from './envelope.js';
import { httpStatusFor } from './errors.js';
import type { ErrorStatusMode } from './errors.js';
import { isMissing, optTextField, uintField } from './fields.js';

const CODES = new Set<number>(Object.values(ErrorCode));

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

  /** Validates a POST /_devnet/faults body (19 for anything off) and adds the fault. */
  add(b: Record<string, unknown>): Fault {
    const method = optTextField(b.method, 'method')?.toUpperCase() ?? null;
    const path = optTextField(b.path, 'path');
    if (path === undefined || !path.startsWith('/')) fail(ErrorCode.InvalidParam, `path must be a route path such as "/v1/transfers" (or a prefix ending in *), got ${JSON.stringify(b.path)}`);
    if (path.startsWith('/_devnet')) fail(ErrorCode.InvalidParam, 'the control plane (/_devnet/*) cannot be faulted, so faults can always be removed');
    const errorCode = isMissing(b.error_code) ? null : Number(uintField(b.error_code, 'error_code', { below: 1000n }));
    if (errorCode !== null && (!CODES.has(errorCode) || errorCode === 0)) fail(ErrorCode.InvalidParam, `error_code must be a failure code of the error table, got ${errorCode}`);
    const latencyMs = isMissing(b.latency_ms) ? 0 : Number(uintField(b.latency_ms, 'latency_ms', { below: 60_001n }));
    if (errorCode === null && latencyMs === 0) fail(ErrorCode.InvalidParam, 'a fault needs error_code, latency_ms, or both');
    let probability: number | null = null;
    if (!isMissing(b.probability)) {
      probability = typeof b.probability === 'number' ? b.probability : Number(b.probability);
      if (!(probability >= 0 && probability <= 1)) fail(ErrorCode.InvalidParam, `probability must be a number in [0, 1], got ${JSON.stringify(b.probability)}`);
      if (!isMissing(b.nth) || !isMissing(b.count)) fail(ErrorCode.InvalidParam, 'give either probability (with seed) or nth/count, not both');
    }
    const fault: Fault = {
      id: `f${this.next++}`,
      method,
      path,
      nth: isMissing(b.nth) ? 1 : Number(uintField(b.nth, 'nth', { min: 1n, below: 1n << 31n })),
      count: isMissing(b.count) ? 1 : Number(uintField(b.count, 'count', { below: 1n << 31n })),
      probability,
      seed: optTextField(b.seed, 'seed') ?? 'l2-devnet',
      errorCode,
      message: optTextField(b.message, 'message') ?? `injected fault (POST /_devnet/faults)`,
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
    return async (c, next) => {
      if (this.faults.length === 0 || c.req.path.startsWith('/_devnet')) return next();
      const fired = this.match(c.req.method, c.req.path);
      const latency = fired.reduce((ms, f) => Math.max(ms, f.latencyMs), 0);
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      const failing = fired.find((f) => f.errorCode !== null);
      if (!failing) return next();
      const e = new DevnetError(failing.errorCode as DevnetError['code'], failing.message);
      return c.body(failedBody(e), httpStatusFor(e, mode) as 200, jsonHeaders());
    };
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
