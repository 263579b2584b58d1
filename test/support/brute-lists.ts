// Every list endpoint computed the slow way from the plain state, as main answered before the list
// indexes: scan, filter, sort, build every view. Reads only what is dumped (records, orders, the
// open set, trades, balances, assets, storage) plus `withdrawing`, never the derived indexes.
import { contractOf, tokenUri } from '../../src/domain/catalog/assets.js';
import type { NftEntry } from '../../src/domain/catalog/nfts.js';
import { balanceRowV1 } from '../../src/domain/ledger/balances.js';
import type { BalanceRowV1, BalanceRowV3 } from '../../src/domain/ledger/balances.js';
import { recordView } from '../../src/domain/records/record-views.js';
import type { RecordView } from '../../src/domain/records/record-views.js';
import type { Asset, Balance, Contract, State, StoredFile } from '../../src/domain/state/state.js';
import { ETH_KEY, RECORD_TYPES, isNftType } from '../../src/domain/state/state.js';
import { compareRatio, limitOf } from '../../src/domain/state/book.js';
import type { Ratio } from '../../src/domain/state/book.js';
import type { CollectionListing } from '../../src/domain/trading/collection-listings.js';
import { tradeView } from '../../src/domain/trading/depth.js';
import { orderEntry, priceViews } from '../../src/domain/trading/order-views.js';
import type { OrderFilter } from '../../src/domain/trading/order-views.js';
import { displayAmount } from '../../src/domain/values/money.js';

const TYPE_FILTERS = new Map<number, number[] | undefined>([
  [0, undefined],
  [6, [RECORD_TYPES.transfer]],
  [9, [RECORD_TYPES.ask, RECORD_TYPES.bid]],
]);

export function bruteRecords(
  state: State,
  key: string,
  contractKey: string | undefined,
  recordType: number | undefined,
  sequenceIds: number[] | undefined,
): RecordView[] {
  const types = recordType === undefined ? undefined : TYPE_FILTERS.has(recordType) ? TYPE_FILTERS.get(recordType) : [recordType];
  const ids = state.accounts.get(key)?.records ?? [];
  const out: RecordView[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const r = state.records.get(ids[i]!)!;
    if (types !== undefined && !types.includes(r.type)) continue;
    if (sequenceIds !== undefined && !sequenceIds.includes(r.sequenceId)) continue;
    if (contractKey !== undefined && state.assets.get(r.assetHex)!.contractKey !== contractKey) continue;
    out.push(recordView(state, r));
  }
  return out;
}

export function bruteOrders(state: State, f: OrderFilter): Array<Record<string, unknown>> {
  const open = f.orderState === undefined || f.orderState === 6;
  const contract = f.contractKey === undefined ? undefined : state.contracts.get(f.contractKey)!;
  const out: Array<Record<string, unknown>> = [];
  for (const o of [...state.orders.values()].sort((a, b) => b.id - a.id)) {
    if (open ? !state.openOrders.has(o.id) : f.orderState !== 5 && o.state !== f.orderState) continue;
    if (f.starkKey !== undefined && o.starkKey !== f.starkKey) continue;
    if (f.direction !== undefined && o.direction !== f.direction) continue;
    const quote = state.assets.get(o.quoteHex)!;
    if (contract !== undefined && quote.contractKey !== contract.key) continue;
    let copies = 1;
    if (f.tokenIds !== undefined) {
      if (quote.tokenId === null) continue;
      const named = f.tokenIds.filter((t) => t === quote.tokenId).length;
      if (named === 0) continue;
      // With an NFT contract each named token id was looked up once per mention.
      if (contract !== undefined) copies = named;
    }
    for (let i = 0; i < copies; i++) out.push(orderEntry(state, o));
  }
  return out;
}

export function bruteTrades(
  state: State,
  by: { orderId?: number; starkKey?: string; market?: { base: Contract; quote: Contract } },
): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let i = state.trades.length - 1; i >= 0; i--) {
    const t = state.trades[i]!;
    const maker = state.orders.get(t.makerId)!;
    const taker = state.orders.get(t.takerId)!;
    if (by.orderId !== undefined && t.makerId !== by.orderId && t.takerId !== by.orderId) continue;
    if (by.starkKey !== undefined && maker.starkKey !== by.starkKey && taker.starkKey !== by.starkKey) continue;
    if (by.market !== undefined) {
      const quote = state.assets.get(maker.quoteHex)!;
      if (maker.baseHex !== '0x' + by.market.base.assetType.toString(16) || quote.contractKey !== by.market.quote.key) continue;
    }
    out.push(tradeView(state, i));
  }
  return out;
}

export function bruteDepth(
  state: State,
  base: Contract,
  quote: Contract,
): { bids: Array<[string, string]> | null; asks: Array<[string, string]> | null } {
  const baseHex = '0x' + base.assetType.toString(16);
  const sides = [
    new Map<string, { price: Ratio; text: string; qty: bigint }>(),
    new Map<string, { price: Ratio; text: string; qty: bigint }>(),
  ];
  // Tokens in creation order, then orders in placement order: the first order of a level names its price.
  const assets = quote.type === 'ERC20' ? ['0x' + quote.assetType.toString(16)] : [...quote.tokens.values()];
  for (const hex of assets) {
    for (const o of [...state.orders.values()].sort((a, b) => a.id - b.id)) {
      if (o.quoteHex !== hex || o.baseHex !== baseHex || !state.openOrders.has(o.id)) continue;
      const price = limitOf(o);
      const key = `${price.num}/${price.den}`;
      const level = sides[o.direction]!.get(key) ?? { price, text: priceViews(state, o).display_price, qty: 0n };
      level.qty += o.quantity - o.filled;
      sides[o.direction]!.set(key, level);
    }
  }
  const show = (m: Map<string, { price: Ratio; text: string; qty: bigint }>, bids: boolean): Array<[string, string]> | null =>
    m.size === 0
      ? null
      : [...m.values()]
          .sort((a, b) => (bids ? -1 : 1) * compareRatio(a.price, b.price))
          .map((l) => [l.text, displayAmount(l.qty, quote.quantum, quote.decimals)]);
  return { bids: show(sides[1]!, true), asks: show(sides[0]!, false) };
}

interface Holding {
  contract: Contract;
  asset: Asset;
  balance: Balance;
  withdrawing: bigint;
}

function bruteHoldings(state: State, owner: string, contractKey: string | undefined): Holding[] {
  const account = state.accounts.get(owner);
  if (!account) return [];
  const rank = (c: Contract) => (c.key === ETH_KEY ? 0 : c.type === 'ERC20' ? 1 : 2);
  const out: Holding[] = [];
  for (const [hex, balance] of account.balances) {
    const withdrawing = state.withdrawing.get(owner)?.get(hex) ?? 0n;
    if (balance.available === 0n && balance.frozen === 0n && withdrawing === 0n) continue;
    const asset = state.assets.get(hex)!;
    if (contractKey !== undefined && asset.contractKey !== contractKey) continue;
    out.push({ contract: contractOf(state, asset), asset, balance, withdrawing });
  }
  return out.sort((a, b) => {
    if (a.contract.key !== b.contract.key) return rank(a.contract) - rank(b.contract) || (a.contract.key < b.contract.key ? -1 : 1);
    const ta = a.asset.tokenId ?? 0n;
    const tb = b.asset.tokenId ?? 0n;
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  });
}

export function bruteBalancesV1(state: State, owner: string, contractKey: string | undefined): BalanceRowV1[] {
  return bruteHoldings(state, owner, contractKey).map((h) => balanceRowV1(h.contract, h.asset, h.balance, h.withdrawing));
}

export function bruteBalancesV3(state: State, owner: string, contractKey: string | undefined, type: string | undefined): BalanceRowV3[] {
  const rows: BalanceRowV3[] = [];
  let current: { contract: Contract; row: BalanceRowV3 } | undefined;
  for (const { contract, asset, balance, withdrawing } of bruteHoldings(state, owner, contractKey)) {
    if (type !== undefined && contract.type !== type) continue;
    if (!current || current.contract !== contract) {
      const row: BalanceRowV3 = {
        asset_id: isNftType(contract.type) ? '' : asset.hex,
        contract_address: contract.address,
        balance_available: 0n,
        balance_frozen: 0n,
        withdraw_frozen: 0n,
        type: contract.type,
        decimals: contract.decimals,
        symbol: contract.symbol,
        quantum: contract.quantum,
        available_tokens: [],
        frozen_tokens: [],
        withdraw_frozen_tokens: [],
        base_uri: contract.baseUri,
      };
      current = { contract, row };
      rows.push(row);
    }
    const row = current.row;
    row.balance_available += balance.available;
    row.balance_frozen += balance.frozen;
    row.withdraw_frozen += withdrawing;
    if (asset.tokenId !== null) {
      const token: BalanceRowV3['available_tokens'][number] = {
        token_id: asset.tokenId.toString(),
        token_uri: tokenUri(contract, asset),
        asset_id: asset.hex,
      };
      if (balance.available > 0n) row.available_tokens.push(token);
      if (balance.frozen > 0n) row.frozen_tokens.push(token);
      if (withdrawing > 0n) row.withdraw_frozen_tokens.push(token);
    }
  }
  return rows;
}

function newestOpen(state: State, hex: string): Record<string, unknown> | null {
  const open = [...state.orders.values()].filter((o) => o.quoteHex === hex && state.openOrders.has(o.id)).sort((a, b) => b.id - a.id);
  return open.length === 0 ? null : orderEntry(state, open[0]!);
}

export function bruteNfts(state: State, contract: Contract, withOrders: boolean): NftEntry<Record<string, unknown>>[] {
  const rows: Array<{ id: bigint; entry: NftEntry<Record<string, unknown>> }> = [];
  for (const hex of contract.tokens.values()) {
    const asset = state.assets.get(hex)!;
    if (asset.holder === null || !state.accounts.has(asset.holder)) continue;
    rows.push({
      id: asset.tokenId!,
      entry: {
        token_id: asset.tokenId!.toString(),
        contract_address: contract.address,
        owner: asset.holder,
        symbol: contract.symbol,
        asset_id: hex,
        order: withOrders ? newestOpen(state, hex) : null,
      },
    });
  }
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.entry);
}

export function bruteListings(state: State, quote: Contract, base: Contract, tokenIds: readonly bigint[] | undefined): CollectionListing[] {
  const baseHex = '0x' + base.assetType.toString(16);
  const assets =
    quote.type === 'ERC20'
      ? ['0x' + quote.assetType.toString(16)]
      : (tokenIds ?? [...quote.tokens.keys()].map((t) => BigInt(t)))
          .map((t) => quote.tokens.get(t.toString()))
          .filter((x): x is string => x !== undefined);
  const rows: Array<{ tokenId: bigint; orderId: number; entry: CollectionListing }> = [];
  for (const hex of assets) {
    const asset = state.assets.get(hex)!;
    for (const o of state.orders.values()) {
      if (o.quoteHex !== hex || !state.openOrders.has(o.id) || o.direction !== 0 || o.baseHex !== baseHex) continue;
      rows.push({
        tokenId: asset.tokenId ?? 0n,
        orderId: o.id,
        entry: {
          amount: o.quantity - o.filled,
          ...priceViews(state, o),
          owner: o.starkKey,
          token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
          quote_contract_address: quote.address,
          base_contract_address: contractOf(state, state.assets.get(o.baseHex)!).address,
        },
      });
    }
  }
  rows.sort((a, b) => (a.tokenId !== b.tokenId ? (a.tokenId < b.tokenId ? -1 : 1) : a.orderId - b.orderId));
  return rows.map((r) => r.entry);
}

export function bruteStorage(state: State, projectUuid: string): StoredFile[] {
  return [...(state.storage.get(projectUuid)?.values() ?? [])].filter((f) => !f.removed);
}
