// Checking a step's expectations: subset matching with a path per mismatch, and balances in display units.
import { must, type Context } from './context.js';
import type { BalanceExpectation, Expectation } from './format.js';
import type { Reply } from './target.js';
import { sameDecimal } from './units.js';

const show = (v: unknown): string => (typeof v === 'bigint' ? v.toString() : (JSON.stringify(v) ?? 'undefined'));

function sameScalar(expected: unknown, actual: unknown): boolean {
  // Integers beyond 2^53 arrive as bigint: compare them with the number or digits the scenario wrote.
  if (typeof actual === 'bigint' && (typeof expected === 'number' || typeof expected === 'bigint')) return BigInt(expected) === actual;
  return Object.is(expected, actual);
}

/** Every way `actual` fails to contain `expected`, one line each, named by its path. */
export function subsetMismatches(expected: unknown, actual: unknown, path: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: expected ${expected.length} items, got ${actual.length}: ${show(actual).slice(0, 300)}`];
    return expected.flatMap((e, i) => subsetMismatches(e, actual[i], `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([k, e]) =>
      k in actual
        ? subsetMismatches(e, (actual as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k}: missing (expected ${show(e)})`],
    );
  }
  return sameScalar(expected, actual) ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

/** The response-level checks: status (default OK), code, message, HTTP status, result and body subsets. */
export function replyMismatches(e: Expectation, r: Reply): string[] {
  const out: string[] = [];
  const body = r.body as Record<string, unknown> | null;
  const wantStatus = e.status ?? (e.error_code !== undefined || e.error !== undefined ? 'FAILED' : 'OK');
  const gotStatus = r.ok ? 'OK' : 'FAILED';
  if (wantStatus !== gotStatus) {
    const why = r.ok ? '' : ` (error_code ${show(body?.error_code)}: ${show(body?.error)})`;
    out.push(`status: expected ${wantStatus}, got ${gotStatus}${why}`);
  }
  if (e.error_code !== undefined && body?.error_code !== e.error_code)
    out.push(`error_code: expected ${e.error_code}, got ${show(body?.error_code)}`);
  if (e.error !== undefined && !String(body?.error ?? '').includes(e.error))
    out.push(`error: expected a message containing ${show(e.error)}, got ${show(body?.error)}`);
  if (e.http !== undefined && r.http !== e.http) out.push(`http: expected ${e.http}, got ${r.http}`);
  if (e.result !== undefined) out.push(...subsetMismatches(e.result, r.result, 'result'));
  if (e.body !== undefined) out.push(...subsetMismatches(e.body, r.body, 'body'));
  return out;
}

/** Reads each named account's balances and compares the listed assets (an absent row is zero). */
export async function balanceMismatches(ctx: Context, expected: Record<string, Record<string, BalanceExpectation>>): Promise<string[]> {
  const out: string[] = [];
  for (const [name, assets] of Object.entries(expected)) {
    const who = ctx.actor(name, 'expect.balances');
    type Row = { asset_id: string; display_value: string; display_frozen: string };
    const rows = (await must<{ list: Row[] }>(ctx.target, `/v1/balances?stark_key=${who.stark_key}&limit=1000`)).list;
    for (const [assetName, want] of Object.entries(assets)) {
      const id = await ctx.assetId(await ctx.asset(assetName, `expect.balances.${name}`));
      const row = rows.find((x) => x.asset_id === id);
      const got = { available: row?.display_value ?? '0', frozen: row?.display_frozen ?? '0' };
      const w = typeof want === 'string' ? { available: want } : want;
      for (const side of ['available', 'frozen'] as const) {
        const value = w[side];
        if (value !== undefined && !sameDecimal(String(value), got[side]))
          out.push(`balances.${name}.${assetName}${side === 'frozen' ? ' (frozen)' : ''}: expected ${value}, got ${got[side]}`);
      }
    }
  }
  return out;
}
