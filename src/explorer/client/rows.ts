// The parts the explorer's pages are built of: rows of records, orders, fills, tokens, balances,
// status moves and journal entries; panels, field lists and lists that page with "More".
import type { JournalEntry } from '../journal.js';
import type { Child, Json } from './dom.js';
import { $, acct, amount, badge, contractLink, copyButton, full, h, isKey, keyText, muted, num, orderLink, orderState } from './dom.js';
import { seqLink, short, side, tableOf, td, tokenId, tr, when } from './dom.js';

export const RECORD_COLUMNS = ['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status'];
/** A record's row; with `trail`, the status moves seen live in a last cell. */
export function recordRow(r: Json, trail?: number[]): HTMLElement {
  const row = tr(
    { 'data-seq': r.sequence_id },
    seqLink(r.sequence_id),
    [r.type, r.order_id !== null ? [' ', orderLink(r.order_id)] : ''],
    acct(r.owner, r.owner_name),
    acct(r.to, r.to_name),
    r.contract_address ? contractLink(r.contract_address, r.asset, r.token_id) : [r.asset, tokenId(r.token_id)],
    num(amount(r.amount, r.quantized)),
    td({ class: 'key' }, when(r.time)),
    td({ class: 'status' }, badge(r.status)),
  );
  if (trail) row.append(td({ class: 'trail' }, trail.map(badge)));
  return row;
}
export const plainRecordRow = (r: Json) => recordRow(r);

export const keyWithCopy = (key: string, what: string, name?: string | null) => h('span', {}, acct(key, name), copyButton(key, what));
export const panel = (title: string, ...body: Child[]) => h('section', { class: 'panel' }, h('h2', {}, title), ...body);
const orNone = (v: Child) => (v === null || v === undefined || v === '' ? muted('—') : v);
const field = (p: [string, Child] | null) => (p ? [h('dt', {}, p[0]), h('dd', {}, orNone(p[1]))] : []);
export const fields = (pairs: Array<[string, Child] | null>) => h('dl', {}, pairs.flatMap(field));
export function show(title: string, ...sections: Child[]): void {
  $('view').replaceChildren(h('h2', { class: 'sr' }, title), ...(sections.filter(Boolean) as Node[]));
  document.title = title + ' · l2-devnet explorer';
}
/** Any value of an object as text (nested objects as JSON), keys linked and named. */
function valueCell(k: string, v: unknown): Child {
  if (v !== null && typeof v === 'object') return keyText(JSON.stringify(v));
  const s = String(v);
  if (!isKey(s)) return s.length > 40 ? full(s, k) : s;
  return h('span', {}, /stark_key|from|^to$|owner|payee|signer|receiver/.test(k) ? acct(s) : keyText(s), copyButton(s, k));
}
export const objectFields = (o: Json) => fields(Object.entries(o).map(([k, v]) => [k, valueCell(k, v)]));

/** A list that pages with "More ...": `fetchPage(offset)` answers the next page. */
export function paged(
  cols: string[],
  first: Json,
  row: (x: Json) => HTMLElement,
  what: string,
  fetchPage: (offset: number) => Promise<Json>,
) {
  const body = h('tbody', {}, first['items'].map(row));
  let shown = first['items'].length;
  const pager = h('div', { class: 'pager' });
  const redraw = (next: unknown, total: number) =>
    pager.replaceChildren(
      muted(`${shown} of ${total} ${what}`),
      next === null ? '' : h('button', { type: 'button', onclick: more }, 'More ' + what),
    );
  async function more(): Promise<void> {
    const p = await fetchPage(shown);
    shown += p['items'].length;
    body.append(...p['items'].map(row));
    redraw(p['next'], p['total']);
  }
  redraw(first['next'], first['total']);
  return h('div', {}, tableOf(cols, body), pager);
}

export const ORDER_COLUMNS = ['order', 'side', 'state', 'price', 'quantity', 'filled'];
export const orderRow = (o: Json) =>
  tr(
    { 'data-order': o.order_id },
    orderLink(o.order_id),
    td(side(o.side), o.side),
    orderState(o.state),
    num(`${o.price} ${o.base}`),
    num(`${o.quantity} ${o.quote}${tokenId(o.token_id)}`),
    num(o.filled),
  );
export const fillRow = (t: Json) =>
  tr(
    {},
    orderLink(t.maker_order_id),
    orderLink(t.taker_order_id),
    num(`${t.price} ${t.base_token_name}`),
    num(`${t.executed_qty} ${t.quote_token_name}${tokenId(t.token_id)}`),
    num(t.fee),
    td({ class: 'key' }, new Date(t.time * 1000).toISOString().slice(0, 19).replace('T', ' ')),
  );
export const tokenRow = (t: Json) =>
  tr({}, '#' + t.token_id, acct(t.owner), t.order ? [orderLink(t.order.order_id), ' at ' + t.order.price] : '');
export const balanceRow = (b: Json) =>
  tr(
    {},
    contractLink(b.contract_address, b.symbol, b.token_id),
    num(amount(b.available, b.available_quantized)),
    num(amount(b.frozen, b.frozen_quantized)),
    num(b.vault_id || ''),
    td({ class: 'key', title: b.asset_id }, short(b.asset_id)),
  );
export const stepRow = (s: Json) =>
  tr(
    { class: 'step' },
    td({ class: 'key' }, when(s.time)),
    s.from === null ? ['created as ', badge(s.to)] : [badge(s.from), ' → ', badge(s.to)],
    s.cmd,
  );

const pretty = (text: string) => (text.startsWith('{') ? JSON.stringify(JSON.parse(text), null, 2) : text);
const queryText = (q: Record<string, string>) =>
  '?' +
  Object.entries(q)
    .map(([k, v]) => `${k}=${short(v)}`)
    .join('&');
// The path cell opens the request's detail: its query in full, its body (secrets [redacted]), both clocks.
function detail(e: JournalEntry): HTMLElement {
  const hasQuery = Object.keys(e.query).length > 0;
  const about = fields([
    ['query', hasQuery ? keyText(JSON.stringify(e.query)) : null],
    ['body', e.body === null ? null : h('pre', { class: 'body key' }, pretty(e.body))],
    ['host time', e.wall_time],
    ['emulator time', e.emulator_time],
  ]);
  return h('details', {}, h('summary', {}, e.path, hasQuery ? muted(queryText(e.query)) : ''), about);
}
export const journalRow = (e: JournalEntry) =>
  tr(
    { class: e.error_code !== 0 || e.status >= 400 ? 'refused' : '', 'data-id': e.id, 'data-code': e.error_code },
    td({ class: 'key', title: 'emulator ' + e.emulator_time }, e.wall_time.slice(11, 23)),
    e.method,
    td({ class: 'wrap' }, detail(e)),
    num(e.status),
    td({ class: 'num code' }, e.error_code || ''),
    td({ class: 'wrap' }, e.error ?? ''),
    e.sequence_id === null ? '' : seqLink(e.sequence_id),
    num(e.duration_ms.toFixed(1)),
  );
