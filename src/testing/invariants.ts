// Checks after every step: the emulator's own guarantees (GET /_devnet/invariants) and agreement with the model.
import type { Context } from '../scenario/context.js';
import type { Target } from '../scenario/target.js';
import { TRADERS, keyOf, holdings } from './model.js';
import type { ModelState, Who } from './model.js';

export class ModelMismatch extends Error {}

/** Throws with the violations when `GET /_devnet/invariants` is not clean (docs/guarantees.md). */
export async function checkInvariants(target: Target): Promise<void> {
  const r = await target.send({ method: 'GET', path: '/_devnet/invariants' });
  const body = r.body as { ok?: boolean; violations?: string[] };
  if (body.ok !== true) throw new ModelMismatch(`GET /_devnet/invariants: ${(body.violations ?? [r.text]).join('; ')}`);
}

const show = (b: { available: bigint; frozen: bigint } | undefined) => (b ? `${b.available} available + ${b.frozen} frozen` : 'nothing');

/** Every balance of the genesis accounts, and every withdraw area, must be exactly the model's. */
export async function checkAgainstModel(ctx: Context, s: ModelState): Promise<void> {
  const problems: string[] = [];
  for (const who of [...TRADERS, 'operator'] as Who[]) {
    const r = await ctx.target.send({ method: 'GET', path: `/v1/balances?stark_key=${ctx.actor(who).stark_key}&limit=1000` });
    const rows = (r.result as { list: Array<{ asset_id: string; balance_available: number | bigint; balance_frozen: number | bigint }> })
      .list;
    const real = new Map(rows.map((x) => [x.asset_id, { available: BigInt(x.balance_available), frozen: BigInt(x.balance_frozen) }]));
    const seen = new Set<string>();
    for (const [asset, want] of holdings(s, who)) {
      const id = await ctx.assetId(await ctx.asset(asset));
      seen.add(id);
      const got = real.get(id);
      if (got?.available !== want.available || got.frozen !== want.frozen)
        problems.push(`${who} ${asset}: model ${show(want)}, emulator ${show(got)}`);
    }
    // A row at 0/0 is an asset on its way to L1 (withdraw_frozen): no balance for the model to hold.
    for (const [id, got] of real)
      if (!seen.has(id) && (got.available !== 0n || got.frozen !== 0n)) problems.push(`${who} ${id}: model nothing, emulator ${show(got)}`);
  }
  for (const who of TRADERS) {
    const r = await ctx.target.send({
      method: 'GET',
      path: `/v1/withdrawal/status?stage=withdrawarea&ethaddress=${ctx.actor(who).eth_address}`,
    });
    const real = new Map((r.result as Array<{ asset_id: string; amount: number | bigint }>).map((e) => [e.asset_id, BigInt(e.amount)]));
    for (const asset of ['ETH', 'RDD20']) {
      const want = s.area.get(keyOf(who, asset)) ?? 0n;
      const got = real.get(await ctx.assetId(await ctx.asset(asset))) ?? 0n;
      if (want !== got) problems.push(`${who}'s withdraw area ${asset}: model ${want}, emulator ${got}`);
    }
  }
  if (problems.length > 0) throw new ModelMismatch(problems.join('\n'));
}
