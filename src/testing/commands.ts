// fc.commands for the property runner: each command applies itself to the model and to the emulator,
// asserts the reply, then checks invariants and every balance.
import fc from 'fast-check';
import { prepareCall } from '../scenario/calls.js';
import type { Context } from '../scenario/context.js';
import type { Reply } from '../scenario/target.js';
import { amountArbitrary, batchArbitrary, display6, fungibleArbitrary, orderArbitrary, orderPrice } from './arbitraries.js';
import { traderArbitrary, transferArbitrary } from './arbitraries.js';
import type { BatchSpec, OrderSpec, TransferSpec } from './arbitraries.js';
import { ModelMismatch, checkAgainstModel, checkInvariants } from './invariants.js';
import { keyOf, balance, cancelOrder, placeOrder, transferAll } from './model.js';
import type { ModelState, Trader } from './model.js';

export interface FuzzModel {
  s: ModelState;
  /** Snapshot id -> the model then; `ids` in the order taken. */
  saved: Map<string, ModelState>;
  ids: string[];
}

export interface FuzzReal {
  ctx: Context;
  /** The runner's 1.5% marketplace (payee carol). */
  marketplace: string;
}

type Cmd = fc.AsyncCommand<FuzzModel, FuzzReal>;
type Fungible = 'ETH' | 'RDD20';

function expectThat(ok: boolean, what: string, r?: Reply): void {
  if (!ok) throw new ModelMismatch(`${what}${r ? `; reply: ${r.text.slice(0, 300)}` : ''}`);
}

async function call(real: FuzzReal, name: string, as: Trader | undefined, w: Record<string, unknown>): Promise<Reply> {
  const { out } = await prepareCall(real.ctx, name, as === undefined ? undefined : real.ctx.actor(as), w);
  return real.ctx.target.send(out);
}

const resultOf = <T>(r: Reply): Partial<T> => (r.result ?? {}) as Partial<T>;

/** An accepted command: the reply carries the next sequence id; its record's status is 1 or (async failure) 2. */
async function accepted(real: FuzzReal, m: FuzzModel, r: Reply, who: Trader, status: 1 | 2, what: string): Promise<number> {
  const seq = resultOf<{ sequence_id: number }>(r).sequence_id;
  expectThat(r.ok && seq === m.s.nextSequenceId, `${what}: expected OK with sequence_id ${m.s.nextSequenceId}`, r);
  const rec = await real.ctx.target.send({
    method: 'GET',
    path: `/v1/record?stark_key=${real.ctx.actor(who).stark_key}&sequence_id=${seq}`,
  });
  const got = (rec.result as Array<{ status: number }>)[0]?.status;
  expectThat(got === status, `${what}: record ${seq} status ${got}, model says ${status}`);
  m.s.nextSequenceId++;
  return seq!;
}

/** A command named `label`: `apply` runs it on both sides, then invariants and every balance are checked. */
function command(label: string, apply: (m: FuzzModel, real: FuzzReal) => Promise<void>, check = (_m: Readonly<FuzzModel>) => true): Cmd {
  return {
    check,
    async run(m, real) {
      await apply(m, real);
      await checkInvariants(real.ctx.target);
      await checkAgainstModel(real.ctx, m.s);
    },
    toString: () => label,
  };
}

/** Whether an NFT the runner may name exists yet (DMINT and DMC tokens appear as they are minted). */
function minted(m: Readonly<FuzzModel>, asset: string): boolean {
  if (asset.startsWith('DMINT#')) return Number(asset.slice(6)) < m.s.nextDmint;
  if (asset.startsWith('DMC#')) return Number(asset.slice(4)) < m.s.nextDmc;
  return true;
}

const shown = (asset: string, amount: bigint) => (asset.includes('#') ? asset : `${display6(amount)} ${asset}`);
/** The `amount` a call takes for `asset`: none for an NFT (its name says which token). */
const amountOf = (asset: string, amount: bigint) => (asset.includes('#') ? {} : { amount: display6(amount) });

function deposit(who: Trader, asset: Fungible, amount: bigint): Cmd {
  const label = `deposit(${who} ${display6(amount)} ${asset})`;
  return command(label, async (m, real) => {
    const r = await call(real, 'deposit', who, { asset, amount: display6(amount) });
    await accepted(real, m, r, who, 1, label);
    balance(m.s, who, asset).available += amount;
  });
}

function transfer(t: TransferSpec): Cmd {
  const { from, to, asset, amount } = t;
  const label = `transfer(${from}->${to} ${shown(asset, amount)})`;
  const apply = async (m: FuzzModel, real: FuzzReal) => {
    const r = await call(real, 'transfer', from, { to, asset, ...amountOf(asset, amount) });
    const funded = balance(m.s, from, asset).available >= amount;
    await accepted(real, m, r, from, funded ? 1 : 2, label);
    if (funded) {
      balance(m.s, from, asset).available -= amount;
      balance(m.s, to, asset).available += amount;
    }
  };
  return command(label, apply, (m) => minted(m, asset));
}

function withdraw(who: Trader, asset: Fungible, amount: bigint): Cmd {
  const label = `withdraw(${who} ${display6(amount)} ${asset})`;
  return command(label, async (m, real) => {
    const r = await call(real, 'withdraw', who, { to: who, asset, amount: display6(amount) });
    const funded = balance(m.s, who, asset).available >= amount;
    const seq = await accepted(real, m, r, who, funded ? 1 : 2, label);
    if (!funded) return;
    balance(m.s, who, asset).available -= amount;
    m.s.withdrawals.set(seq, { who, asset, amount, status: 1 });
  });
}

/** Mints on DMINT (ERC721M) or DMC (ERC721MC, with a token_url that its asset ids are computed from). */
function mint(to: Trader, count: number, contract: 'DMINT' | 'DMC' = 'DMINT'): Cmd {
  const label = `mint(${count} ${contract} to ${to})`;
  return command(label, async (m, real) => {
    const url = contract === 'DMC' ? { token_url: `https://metadata.example.invalid/dmc/${m.s.nextSequenceId}` } : {};
    const r = await call(real, 'mint', undefined, { contract, to, amount: count, ...url });
    const ids = resultOf<{ sequence_ids: number[] }>(r).sequence_ids;
    expectThat(
      r.ok && ids?.length === count && ids[0] === m.s.nextSequenceId,
      `${label}: expected ${count} sequence ids from ${m.s.nextSequenceId}`,
      r,
    );
    for (let i = 0; i < count; i++) balance(m.s, to, `${contract}#${contract === 'DMC' ? m.s.nextDmc++ : m.s.nextDmint++}`).available = 1n;
    m.s.nextSequenceId += count;
  });
}

/** Java's batch transfer (one sender) or multi transfer: all moves happen, or (one unpaid) none; one record each. */
function batchTransfer(b: BatchSpec): Cmd {
  const label = `${b.kind}_transfer(${b.transfers.map((x) => `${x.from}->${x.to} ${shown(x.asset, x.amount)}`).join(', ')})`;
  const apply = async (m: FuzzModel, real: FuzzReal) => {
    const items = b.transfers.map(({ from, to, asset, amount }) => ({ from, to, asset, ...amountOf(asset, amount) }));
    const r =
      b.kind === 'batch'
        ? await call(real, 'batch_transfer', b.transfers[0]!.from, { transfers: items })
        : await call(real, 'multi_transfer', undefined, { transfers: items });
    const first = m.s.nextSequenceId;
    expectThat(r.ok && resultOf<{ sequence_id: number }>(r).sequence_id === first, `${label}: expected OK with sequence_id ${first}`, r);
    const moved = transferAll(m.s, b.transfers);
    for (let i = 0; i < b.transfers.length; i++) {
      const rec = await real.ctx.target.send({ method: 'GET', path: `/v1/record?sequence_id=${first + i}` });
      const got = (rec.result as Array<{ status: number; record_type: number }>)[0];
      expectThat(
        got?.status === (moved ? 1 : 2) && got.record_type === 3,
        `${label}: record ${first + i} status ${got?.status}, model says ${moved ? 1 : 2}`,
      );
    }
    m.s.nextSequenceId += b.transfers.length;
  };
  return command(label, apply, (m) => b.transfers.every((t) => minted(m, t.asset)));
}

function order(o: OrderSpec): Cmd {
  const via = `${o.marketplace ? ' via marketplace' : ''}${o.tif === 'GTC' ? '' : ` ${o.tif}`}`;
  const label = `${o.side}(${o.who} ${shown(o.asset, o.quoteAmount)} at ${orderPrice(o)}${via})`;
  return command(label, async (m, real) => {
    const feeLimit = (o.baseAmount * 5n) / 1000n;
    const r = await call(real, o.side, o.who, {
      asset: o.asset,
      price: orderPrice(o),
      ...amountOf(o.asset, o.quoteAmount),
      fee_limit: Number(feeLimit),
      ...(o.marketplace ? { marketplace: real.marketplace } : {}),
      ...(o.tif === 'GTC' ? {} : { time_in_force: o.tif }),
    });
    const { who, asset: quote, quoteAmount, baseAmount, marketplace, tif } = o;
    const side = o.side === 'sell' ? 0 : 1;
    const placed = { id: m.s.nextSequenceId, who, side, quote, quoteAmount, baseAmount, remaining: quoteAmount, frozen: 0n } as const;
    const outcome = placeOrder(m.s, { ...placed, feeLimit, feeUsed: 0n, marketplace, tif });
    const id = await accepted(real, m, r, o.who, outcome === 'unfunded' ? 2 : 1, label);
    const state = resultOf<{ order_state: number }>(await real.ctx.target.send({ method: 'GET', path: `/v1/order?order_id=${id}` }))
      .order_state!;
    const want = { unfunded: [1], cancelled: [1], filled: [2], rested: [0, 3] }[outcome];
    expectThat(want.includes(state), `${label}: order_state ${state}, model says ${outcome}`);
  });
}

function cancel(pick: number, asOwner: boolean): Cmd {
  const label = `cancel(open order #${pick}${asOwner ? '' : ' by another trader'})`;
  const apply = async (m: FuzzModel, real: FuzzReal) => {
    const o = m.s.open[pick % m.s.open.length]!;
    const r = await call(real, 'cancel', asOwner ? o.who : o.who === 'alice' ? 'bob' : 'alice', { order: o.id });
    if (!asOwner) return expectThat(!r.ok && (r.body as { error_code?: number }).error_code === 17, `${label}: expected code 17`, r);
    expectThat(r.ok, `${label}: expected OK`, r);
    cancelOrder(m.s, o);
    m.s.nextSequenceId++;
  };
  return command(label, apply, (m) => m.s.open.length > 0);
}

function batch(layer: 'l2' | 'l1' | 'both'): Cmd {
  const label = `batch(${layer})`;
  return command(label, async (m, real) => {
    const r = await call(real, 'batch', undefined, { layer });
    expectThat(r.ok, `${label}: expected OK`, r);
    const onL2 = [...m.s.withdrawals].filter(([, w]) => w.status === 3);
    if (layer !== 'l1') for (const w of m.s.withdrawals.values()) w.status = 3;
    // l1 moves what was on L2 before this batch; `both` moves everything (l2 first).
    for (const [seq, w] of layer === 'l2' ? [] : layer === 'l1' ? onL2 : [...m.s.withdrawals]) {
      m.s.area.set(keyOf(w.who, w.asset), (m.s.area.get(keyOf(w.who, w.asset)) ?? 0n) + w.amount);
      m.s.withdrawals.delete(seq);
    }
  });
}

function claim(who: Trader, asset: Fungible): Cmd {
  const label = `claim(${who} ${asset})`;
  return command(label, async (m, real) => {
    const r = await call(real, 'claim', who, { asset });
    const waiting = m.s.area.get(keyOf(who, asset)) ?? 0n;
    if (waiting === 0n)
      return expectThat((r.body as { error_code?: number }).error_code === 19, `${label}: nothing to claim, expected code 19`, r);
    expectThat(r.ok && BigInt((r.result as { amount: number | bigint }).amount) === waiting, `${label}: expected ${waiting}`, r);
    m.s.area.delete(keyOf(who, asset));
  });
}

function clock(seconds: number): Cmd {
  const label = `clock(+${seconds}s)`;
  return command(label, async (m, real) => {
    const r = await call(real, 'clock', undefined, { advance_seconds: seconds });
    m.s.clockSeconds += BigInt(seconds);
    const want = new Date(Date.UTC(2026, 0, 1) + Number(m.s.clockSeconds) * 1000).toISOString().replace('Z', '000Z');
    expectThat(r.ok && (r.result as { now: string }).now === want, `${label}: expected now ${want}`, r);
  });
}

const snapshot = (): Cmd =>
  command('snapshot()', async (m, real) => {
    const r = await call(real, 'snapshot', undefined, {});
    expectThat(r.ok, 'snapshot(): expected OK', r);
    const id = (r.result as { id: string }).id;
    m.saved.set(id, structuredClone(m.s));
    m.ids.push(id);
  });

function revert(pick: number): Cmd {
  const label = `revert(snapshot #${pick})`;
  const apply = async (m: FuzzModel, real: FuzzReal) => {
    const at = pick % m.ids.length;
    const id = m.ids[at]!;
    const r = await call(real, 'revert', undefined, { id });
    expectThat(r.ok, `${label}: expected OK`, r);
    m.s = structuredClone(m.saved.get(id)!);
    // Snapshots taken after this one are gone; this one stays usable.
    for (const later of m.ids.splice(at + 1)) m.saved.delete(later);
  };
  return command(label, apply, (m) => m.ids.length > 0);
}

/** Every command the runner draws, with weights towards what moves money. */
export function fuzzCommands(maxCommands: number, replayPath?: string) {
  return fc.commands<FuzzModel, FuzzReal, false>(
    [
      fc.tuple(traderArbitrary, fungibleArbitrary, amountArbitrary).map(([w, a, n]) => deposit(w, a, n)),
      transferArbitrary.map(transfer),
      transferArbitrary.map(transfer),
      fc.tuple(traderArbitrary, fungibleArbitrary, amountArbitrary).map(([w, a, n]) => withdraw(w, a, n)),
      fc.tuple(traderArbitrary, fc.integer({ min: 1, max: 3 })).map(([w, n]) => mint(w, n)),
      fc.tuple(traderArbitrary, fc.integer({ min: 1, max: 2 })).map(([w, n]) => mint(w, n, 'DMC')),
      batchArbitrary.map(batchTransfer),
      orderArbitrary.map(order),
      orderArbitrary.map(order),
      orderArbitrary.map(order),
      fc.tuple(fc.nat(), fc.boolean()).map(([p, own]) => cancel(p, own)),
      fc.constantFrom('l2' as const, 'l1' as const, 'both' as const).map(batch),
      fc.tuple(traderArbitrary, fungibleArbitrary).map(([w, a]) => claim(w, a)),
      fc.integer({ min: 0, max: 7200 }).map(clock),
      fc.constant(null).map(snapshot),
      fc.nat().map(revert),
    ],
    // 'max': lengths spread over 0..maxCommands (the default size keeps sequences under ~10 commands).
    { maxCommands, size: 'max', ...(replayPath !== undefined ? { replayPath } : {}) },
  );
}
