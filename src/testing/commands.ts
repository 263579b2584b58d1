// fc.commands for the property runner: one small class per command, each applying itself to the model
// and to the emulator, asserting the reply, then checking invariants and every balance.
import type fc from 'fast-check';
import { prepareCall } from '../scenario/calls.js';
import type { Context } from '../scenario/context.js';
import type { Reply } from '../scenario/target.js';
import { display6, orderPrice } from './arbitraries.js';
import type { BatchSpec, OrderSpec, TransferSpec } from './arbitraries.js';
import { ModelMismatch, checkAgainstModel, checkInvariants } from './invariants.js';
import { areaKey, balance, cancelOrder, placeOrder, transferAll } from './model.js';
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

function expectThat(ok: boolean, what: string, r?: Reply): void {
  if (!ok) throw new ModelMismatch(`${what}${r ? `; reply: ${r.text.slice(0, 300)}` : ''}`);
}

async function call(real: FuzzReal, name: string, as: Trader | undefined, w: Record<string, unknown>): Promise<Reply> {
  const { out } = await prepareCall(real.ctx, name, as === undefined ? undefined : real.ctx.actor(as), w);
  return real.ctx.target.send(out);
}

/** An accepted command: the reply carries the next sequence id; its record's status is 1 or (async failure) 2. */
async function accepted(real: FuzzReal, m: FuzzModel, r: Reply, who: Trader, status: 1 | 2, what: string): Promise<number> {
  const seq = (r.result as { sequence_id?: number } | null)?.sequence_id;
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

async function verify(m: FuzzModel, real: FuzzReal): Promise<void> {
  await checkInvariants(real.ctx.target);
  await checkAgainstModel(real.ctx, m.s);
}

abstract class Base implements Cmd {
  check(_m: Readonly<FuzzModel>): boolean {
    return true;
  }
  async run(m: FuzzModel, r: FuzzReal): Promise<void> {
    await this.apply(m, r);
    await verify(m, r);
  }
  abstract apply(m: FuzzModel, r: FuzzReal): Promise<void>;
  abstract toString(): string;
}

/** Whether an NFT the runner may name exists yet (DMINT and DMC tokens appear as they are minted). */
function minted(m: Readonly<FuzzModel>, asset: string): boolean {
  if (asset.startsWith('DMINT#')) return Number(asset.slice(6)) < m.s.nextDmint;
  if (asset.startsWith('DMC#')) return Number(asset.slice(4)) < m.s.nextDmc;
  return true;
}

/** A command of one trader on a fungible asset (an amount where it moves one). */
abstract class FungibleCmd extends Base {
  constructor(
    readonly who: Trader,
    readonly asset: 'ETH' | 'RDD20',
    readonly amount = 0n,
  ) {
    super();
  }
}

export class DepositCmd extends FungibleCmd {
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'deposit', this.who, { asset: this.asset, amount: display6(this.amount) });
    await accepted(real, m, r, this.who, 1, String(this));
    balance(m.s, this.who, this.asset).available += this.amount;
  }
  toString() {
    return `deposit(${this.who} ${display6(this.amount)} ${this.asset})`;
  }
}

export class TransferCmd extends Base {
  constructor(readonly t: TransferSpec) {
    super();
  }
  override check(m: Readonly<FuzzModel>) {
    return minted(m, this.t.asset);
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const { from, to, asset, amount } = this.t;
    const nft = asset.includes('#');
    const r = await call(real, 'transfer', from, { to, asset, ...(nft ? {} : { amount: display6(amount) }) });
    const funded = balance(m.s, from, asset).available >= amount;
    await accepted(real, m, r, from, funded ? 1 : 2, String(this));
    if (funded) {
      balance(m.s, from, asset).available -= amount;
      balance(m.s, to, asset).available += amount;
    }
  }
  toString() {
    return `transfer(${this.t.from}->${this.t.to} ${this.t.asset.includes('#') ? this.t.asset : `${display6(this.t.amount)} ${this.t.asset}`})`;
  }
}

export class WithdrawCmd extends FungibleCmd {
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'withdraw', this.who, { to: this.who, asset: this.asset, amount: display6(this.amount) });
    const funded = balance(m.s, this.who, this.asset).available >= this.amount;
    const seq = await accepted(real, m, r, this.who, funded ? 1 : 2, String(this));
    if (!funded) return;
    balance(m.s, this.who, this.asset).available -= this.amount;
    m.s.withdrawals.set(seq, { who: this.who, asset: this.asset, amount: this.amount, status: 1 });
  }
  toString() {
    return `withdraw(${this.who} ${display6(this.amount)} ${this.asset})`;
  }
}

/** Mints on DMINT (ERC721M) or DMC (ERC721MC, with a token_url that its asset ids are computed from). */
export class MintCmd extends Base {
  constructor(
    readonly to: Trader,
    readonly count: number,
    readonly contract: 'DMINT' | 'DMC' = 'DMINT',
  ) {
    super();
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const url = this.contract === 'DMC' ? { token_url: `https://metadata.example.invalid/dmc/${m.s.nextSequenceId}` } : {};
    const r = await call(real, 'mint', undefined, { contract: this.contract, to: this.to, amount: this.count, ...url });
    const ids = (r.result as { sequence_ids?: number[] } | null)?.sequence_ids;
    expectThat(
      r.ok && ids?.length === this.count && ids[0] === m.s.nextSequenceId,
      `${this}: expected ${this.count} sequence ids from ${m.s.nextSequenceId}`,
      r,
    );
    for (let i = 0; i < this.count; i++) {
      const id = this.contract === 'DMC' ? m.s.nextDmc++ : m.s.nextDmint++;
      balance(m.s, this.to, `${this.contract}#${id}`).available = 1n;
    }
    m.s.nextSequenceId += this.count;
  }
  toString() {
    return `mint(${this.count} ${this.contract} to ${this.to})`;
  }
}

/** Java's batch transfer (one sender) or multi transfer: all moves happen, or (one unpaid) none; one record each. */
export class BatchTransferCmd extends Base {
  constructor(readonly b: BatchSpec) {
    super();
  }
  override check(m: Readonly<FuzzModel>) {
    return this.b.transfers.every((t) => minted(m, t.asset));
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const items = this.b.transfers.map((t) => ({
      from: t.from,
      to: t.to,
      asset: t.asset,
      ...(t.asset.includes('#') ? {} : { amount: display6(t.amount) }),
    }));
    const r =
      this.b.kind === 'batch'
        ? await call(real, 'batch_transfer', this.b.transfers[0]!.from, { transfers: items })
        : await call(real, 'multi_transfer', undefined, { transfers: items });
    const first = m.s.nextSequenceId;
    const seq = (r.result as { sequence_id?: number } | null)?.sequence_id;
    expectThat(r.ok && seq === first, `${this}: expected OK with sequence_id ${first}`, r);
    const moved = transferAll(m.s, this.b.transfers);
    for (let i = 0; i < this.b.transfers.length; i++) {
      const rec = await real.ctx.target.send({ method: 'GET', path: `/v1/record?sequence_id=${first + i}` });
      const got = (rec.result as Array<{ status: number; record_type: number }>)[0];
      expectThat(
        got?.status === (moved ? 1 : 2) && got.record_type === 3,
        `${this}: record ${first + i} status ${got?.status}, model says ${moved ? 1 : 2}`,
      );
    }
    m.s.nextSequenceId += this.b.transfers.length;
  }
  toString() {
    const t = this.b.transfers.map((x) => `${x.from}->${x.to} ${x.asset.includes('#') ? x.asset : `${display6(x.amount)} ${x.asset}`}`);
    return `${this.b.kind}_transfer(${t.join(', ')})`;
  }
}

export class OrderCmd extends Base {
  constructor(readonly o: OrderSpec) {
    super();
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const o = this.o;
    const feeLimit = (o.baseAmount * 5n) / 1000n;
    const nft = o.asset.includes('#');
    const tif = o.tif === 'GTC' ? {} : { time_in_force: o.tif };
    const r = await call(real, o.side, o.who, {
      asset: o.asset,
      price: orderPrice(o),
      ...(nft ? {} : { amount: display6(o.quoteAmount) }),
      fee_limit: Number(feeLimit),
      ...(o.marketplace ? { marketplace: real.marketplace } : {}),
      ...tif,
    });
    const side = o.side === 'sell' ? 0 : 1;
    const order = {
      id: m.s.nextSequenceId,
      who: o.who,
      side,
      quote: o.asset,
      quoteAmount: o.quoteAmount,
      baseAmount: o.baseAmount,
      remaining: o.quoteAmount,
      frozen: 0n,
      feeLimit,
      feeUsed: 0n,
      marketplace: o.marketplace,
      tif: o.tif,
    } as const;
    const outcome = placeOrder(m.s, { ...order });
    const id = await accepted(real, m, r, o.who, outcome === 'unfunded' ? 2 : 1, String(this));
    const state = ((await real.ctx.target.send({ method: 'GET', path: `/v1/order?order_id=${id}` })).result as { order_state: number })
      .order_state;
    const want = { unfunded: [1], cancelled: [1], filled: [2], rested: [0, 3] }[outcome];
    expectThat(want.includes(state), `${this}: order_state ${state}, model says ${outcome}`);
  }
  toString() {
    const o = this.o;
    return `${o.side}(${o.who} ${o.asset.includes('#') ? o.asset : `${display6(o.quoteAmount)} ${o.asset}`} at ${orderPrice(o)}${o.marketplace ? ' via marketplace' : ''}${o.tif === 'GTC' ? '' : ` ${o.tif}`})`;
  }
}

export class CancelCmd extends Base {
  constructor(
    readonly pick: number,
    readonly asOwner: boolean,
  ) {
    super();
  }
  override check(m: Readonly<FuzzModel>) {
    return m.s.open.length > 0;
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const o = m.s.open[this.pick % m.s.open.length]!;
    const who = this.asOwner ? o.who : o.who === 'alice' ? 'bob' : 'alice';
    const r = await call(real, 'cancel', who, { order: o.id });
    if (!this.asOwner) return expectThat(!r.ok && (r.body as { error_code?: number }).error_code === 17, `${this}: expected code 17`, r);
    expectThat(r.ok, `${this}: expected OK`, r);
    cancelOrder(m.s, o);
    m.s.nextSequenceId++;
  }
  toString() {
    return `cancel(open order #${this.pick}${this.asOwner ? '' : ' by another trader'})`;
  }
}

export class BatchCmd extends Base {
  constructor(readonly layer: 'l2' | 'l1' | 'both') {
    super();
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'batch', undefined, { layer: this.layer });
    expectThat(r.ok, `${this}: expected OK`, r);
    const onL2 = [...m.s.withdrawals].filter(([, w]) => w.status === 3);
    if (this.layer !== 'l1') for (const w of m.s.withdrawals.values()) w.status = 3;
    // l1 moves what was on L2 before this batch; `both` moves everything (l2 first).
    for (const [seq, w] of this.layer === 'l2' ? [] : this.layer === 'l1' ? onL2 : [...m.s.withdrawals]) {
      m.s.area.set(areaKey(w.who, w.asset), (m.s.area.get(areaKey(w.who, w.asset)) ?? 0n) + w.amount);
      m.s.withdrawals.delete(seq);
    }
  }
  toString() {
    return `batch(${this.layer})`;
  }
}

export class ClaimCmd extends FungibleCmd {
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'claim', this.who, { asset: this.asset });
    const waiting = m.s.area.get(areaKey(this.who, this.asset)) ?? 0n;
    if (waiting === 0n)
      return expectThat((r.body as { error_code?: number }).error_code === 19, `${this}: nothing to claim, expected code 19`, r);
    expectThat(r.ok && BigInt((r.result as { amount: number | bigint }).amount) === waiting, `${this}: expected ${waiting}`, r);
    m.s.area.delete(areaKey(this.who, this.asset));
  }
  toString() {
    return `claim(${this.who} ${this.asset})`;
  }
}

export class ClockCmd extends Base {
  constructor(readonly seconds: number) {
    super();
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'clock', undefined, { advance_seconds: this.seconds });
    m.s.clockSeconds += BigInt(this.seconds);
    const want = new Date(Date.UTC(2026, 0, 1) + Number(m.s.clockSeconds) * 1000).toISOString().replace('Z', '000Z');
    expectThat(r.ok && (r.result as { now: string }).now === want, `${this}: expected now ${want}`, r);
  }
  toString() {
    return `clock(+${this.seconds}s)`;
  }
}

export class SnapshotCmd extends Base {
  async apply(m: FuzzModel, real: FuzzReal) {
    const r = await call(real, 'snapshot', undefined, {});
    expectThat(r.ok, `${this}: expected OK`, r);
    const id = (r.result as { id: string }).id;
    m.saved.set(id, structuredClone(m.s));
    m.ids.push(id);
  }
  toString() {
    return 'snapshot()';
  }
}

export class RevertCmd extends Base {
  constructor(readonly pick: number) {
    super();
  }
  override check(m: Readonly<FuzzModel>) {
    return m.ids.length > 0;
  }
  async apply(m: FuzzModel, real: FuzzReal) {
    const at = this.pick % m.ids.length;
    const id = m.ids[at]!;
    const r = await call(real, 'revert', undefined, { id });
    expectThat(r.ok, `${this}: expected OK`, r);
    m.s = structuredClone(m.saved.get(id)!);
    // Snapshots taken after this one are gone; this one stays usable.
    for (const later of m.ids.splice(at + 1)) m.saved.delete(later);
  }
  toString() {
    return `revert(snapshot #${this.pick})`;
  }
}
