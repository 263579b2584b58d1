// The explorer's browser module (no framework), bundled by esbuild at build (assets.ts): renders
// /_devnet/overview and the detail pages (hash routes), follows /_devnet/events (the history held on
// first open, then live, resuming with Last-Event-ID), shows the request journal, drives the control
// plane. The DOM is built with textContent (no HTML injection); every key, id and CID is a link.
import type { DevnetEvent } from '../../devnet-events.js';
import { RecordStatus } from '../../domain/state/state.js';
import { ORDER_STATES } from '../../domain/state/orders.js';
import type { JournalEntry } from '../journal.js';

/** A read's answer: its shape is declared by the server (explorer-responses.ts). */
// biome-ignore lint/suspicious/noExplicitAny: the reads are checked against their schemas server-side, not restated here
type Json = Record<string, any>;
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

const STATUS: Record<number, string> = {
  [RecordStatus.SubmittedToService]: 'submitted',
  [RecordStatus.AcceptedByService]: 'accepted',
  [RecordStatus.FailedOnService]: 'failed',
  [RecordStatus.AcceptedOnL2]: 'on L2',
  [RecordStatus.RejectedOnL2]: 'rejected on L2',
  [RecordStatus.Rolled]: 'rolled back',
  [RecordStatus.AcceptedOnL1]: 'on L1',
};
const ORDER_STATE: Record<number, string> = Object.fromEntries(
  Object.entries(ORDER_STATES).map(([name, n]) => [n, name.replace(/[A-Z]/g, (c) => ' ' + c.toLowerCase())]),
);
const PAGE = 50;
const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
const value = (id: string): string => $<HTMLInputElement>(id).value.trim();
// Under /ns/{name}/ the page shows that namespace: every call it makes goes under the same prefix.
const NS_PREFIX = (/^\/ns\/[a-z0-9][a-z0-9_-]*/.exec(location.pathname) ?? [''])[0];
/** Genesis names by stark key (from the overview): an account shows its name wherever it appears. */
const names = new Map<string, string>();

function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = String(v);
    else if (typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else el.setAttribute(k, String(v));
  }
  const add = (c: Child): void => {
    if (Array.isArray(c)) c.forEach(add);
    else if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  };
  add(children);
  return el;
}
const td = (attrs: Attrs, ...c: Child[]) => h('td', attrs, ...c);
const num = (...c: Child[]) => td({ class: 'num' }, ...c);
const muted = (...c: Child[]) => h('span', { class: 'muted' }, ...c);
const keyText = (...c: Child[]) => h('span', { class: 'key' }, ...c);
/** A table row: each argument is a cell (one that is not a <td> yet is put in one). */
const tr = (attrs: Attrs, ...cells: Child[]) =>
  h(
    'tr',
    attrs,
    cells.map((c) => (c instanceof HTMLTableCellElement ? c : td({}, c))),
  );
const head = (cols: string[]) =>
  h(
    'thead',
    {},
    h(
      'tr',
      {},
      cols.map((t) => h('th', { scope: 'col' }, t)),
    ),
  );
const tableOf = (cols: string[], body: HTMLElement, attrs = {}) => h('div', { class: 'scroll' }, h('table', attrs, head(cols), body));
const table = (cols: string[], rows: HTMLElement[]) =>
  rows.length === 0 ? h('p', { class: 'muted' }, 'none') : tableOf(cols, h('tbody', {}, rows));
const badge = (status: number) => h('span', { class: `badge s${status}`, 'data-status': status }, STATUS[status] ?? String(status));
const short = (key: string) => (key.length > 14 ? key.slice(0, 8) + '…' + key.slice(-4) : key);
const isKey = (s: string): boolean => /^0x[0-9a-f]{41,}$/i.test(s);
const enc = encodeURIComponent;
const when = (t: string) => t.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
const tokenId = (id?: string | null) => (id ? ' #' + id : '');
const link = (hash: string, text: Child, title?: string) => h('a', { href: '#/' + hash, title }, text);
const external = (href: string, text: string) => h('a', { href, target: '_blank', rel: 'noopener' }, text);
const contractLink = (address: string, symbol: string, id?: string) => [link('contract/' + enc(address), symbol), tokenId(id)];
const side = (s: string) => ({ class: s.toLowerCase() });

/** A stark key or a genesis name: both open the account page, shown by name when it has one. */
function acct(who: string | null, name?: string | null): Child {
  if (who === null || who === undefined) return '';
  if (!isKey(who) && !/^[A-Za-z][\w-]*$/.test(who)) return h('span', { class: 'key', title: who }, short(who));
  return link('account/' + enc(who), name ?? names.get(who) ?? short(who), isKey(who) ? who : undefined);
}
const seqLink = (id: number) => link('record/' + id, String(id));
const orderLink = (id: number) => link('order/' + id, '#' + id, 'order ' + id);

function copyButton(text: string, what: string): HTMLElement {
  const onclick = async (ev: Event) => {
    const b = ev.currentTarget as HTMLElement;
    b.textContent = await navigator.clipboard.writeText(text).then(
      () => 'copied',
      () => 'select it',
    );
    setTimeout(() => (b.textContent = 'copy'), 1200);
  };
  return h('button', { class: 'copy', type: 'button', 'aria-label': 'copy ' + what, title: 'copy ' + what, onclick }, 'copy');
}
/** A long value in full with its copy button (detail pages). */
const full = (text: string, what: string) => h('span', {}, keyText(text), copyButton(text, what));
const keyWithCopy = (key: string, what: string, name?: string | null) => h('span', {}, acct(key, name), copyButton(key, what));
/** Display units, with the quantized amount on hover. */
const amount = (display: string, quantized: string) => h('span', { title: 'quantized: ' + quantized }, display);

/** Status moves seen live, per record: the overview has only the current status. */
const trails = new Map<number, number[]>();
let snapshots: string[] = [];
let pruneTrails = false;

function say(text: string, isError = false): void {
  $('msg').textContent = text;
  $('msg').className = isError ? 'err' : '';
}
const sayError = (e: Error) => say(e.message, true);

// With --control-token every control call needs it: the page takes it from its own #token=... (a
// fragment never reaches the server or its logs) and keeps it for this tab only.
const TOKEN_KEY = 'l2-devnet-control-token';
const fragment = /(?:^#|&)token=([^&]*)/.exec(location.hash);
if (fragment) {
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(fragment[1]!));
  history.replaceState(null, '', location.pathname + location.search);
}
function authHeaders(): Record<string, string> {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: 'Bearer ' + token } : {};
}
const LOCKED = 'the control plane needs its token (--control-token): open this page as /#token=YOUR_TOKEN';

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const headers = body === undefined ? authHeaders() : { 'content-type': 'application/json', ...authHeaders() };
  const res = await fetch(NS_PREFIX + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  if (res.status === 401) throw new Error(LOCKED);
  const data = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok || data?.status === 'FAILED') throw new Error(data?.error ?? 'HTTP ' + res.status);
  return data ?? {};
}

// ---- the overview ----

function renderAccounts(o: Json): void {
  for (const a of o.accounts) if (a.name) names.set(a.stark_key, a.name);
  const rows = o.accounts.flatMap((a: Json) => {
    const who = td({}, acct(a.stark_key, a.name), a.operator ? ' (operator)' : '');
    if (a.balances.length === 0) return [tr({}, who, td({ class: 'muted' }, 'empty'), '', '')];
    return a.balances.map((b: Json, i: number) =>
      tr(
        { 'data-account': a.name || a.stark_key },
        i === 0 ? who : '',
        [b.symbol, tokenId(b.token_id)],
        num(b.available),
        num(b.frozen === '0' ? '' : b.frozen),
      ),
    );
  });
  $('accounts').replaceChildren(table(['account', 'asset', 'available', 'frozen'], rows));
  const select = $<HTMLSelectElement>('deposit-account');
  const chosen = select.value;
  select.replaceChildren(...o.accounts.map((a: Json) => h('option', { value: a.stark_key }, a.name || short(a.stark_key))));
  if (chosen) select.value = chosen;
}

function book(m: Json): HTMLElement {
  const levels = (s: 'asks' | 'bids') =>
    (m.depth[s] ?? []).map(([price, qty]: string[]) => tr({ class: s.slice(0, 3) }, s.slice(0, 3), num(price), num(qty)));
  const orders = m.orders.map((x: Json) =>
    tr(
      { 'data-order': x.order_id },
      orderLink(x.order_id),
      td(side(x.side), x.side),
      acct(x.owner),
      num(x.price),
      num(x.remaining, x.token_id ? ` (#${x.token_id})` : ''),
    ),
  );
  return h(
    'div',
    { class: 'book' },
    h('h3', {}, link('contract/' + enc(m.quote_contract), m.quote), ' / ' + m.base, ' ', h('span', { class: 'key muted' }, m.quote_type)),
    table(['side', `price (${m.base})`, 'quantity'], [...levels('asks').reverse(), ...levels('bids')]),
    table(['order', 'side', 'owner', 'price', 'remaining'], orders),
  );
}

const RECORD_COLUMNS = ['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status'];
function recordRow(r: Json, withTrail = false): HTMLElement {
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
  if (withTrail) row.append(td({ class: 'trail' }, (trails.get(r.sequence_id) ?? []).map(badge)));
  return row;
}

function render(o: Json): void {
  if (pruneTrails) {
    pruneTrails = false;
    for (const seq of [...trails.keys()]) if (seq >= o.next_sequence_id) trails.delete(seq);
  }
  $('clock').textContent = o.now;
  $('settlement').textContent = 'settlement: ' + o.settlement;
  $('pending').textContent = `${o.pending.l2} waiting for L2, ${o.pending.l1} for L1`;
  renderAccounts(o);
  $('markets').replaceChildren(...(o.markets.length === 0 ? [h('p', { class: 'muted' }, 'no open orders')] : o.markets.map(book)));
  $('records').replaceChildren(
    table(
      [...RECORD_COLUMNS, 'trail'],
      o.records.map((r: Json) => recordRow(r, true)),
    ),
  );
  const trade = (t: Json) =>
    tr(
      {},
      acct(t.seller),
      acct(t.buyer),
      num(`${t.quantity} ${t.asset}${tokenId(t.token_id)}`),
      num(`${t.volume} ${t.currency}`),
      num(t.service_fee),
      num(t.marketplace_fee),
    );
  $('trades').replaceChildren(table(['seller', 'buyer', 'quantity', 'volume', 'service fee', 'marketplace fee'], o.trades.map(trade)));
  const fees = (m: Json) => m.fees_collected.map((f: Json) => `${f.amount} ${f.currency}`).join(', ') || '0';
  const marketplace = (m: Json) => tr({}, td({ title: m.uuid }, m.name), num(m.fee_rate), acct(m.payee), fees(m));
  $('marketplaces').replaceChildren(table(['name', 'fee rate', 'payee', 'fees collected'], o.marketplaces.map(marketplace)));
  const file = (f: Json) =>
    tr(
      { class: f.removed ? 'muted' : '' },
      [external(f.url, f.filename), f.removed ? ' (removed)' : ''],
      num(f.size),
      td({ class: 'key' }, link('file/' + enc(f.cid), short(f.cid), f.cid)),
    );
  $('files').replaceChildren(table(['file', 'size', 'cid'], o.files.map(file)));
  document.body.dataset['seq'] = String(o.next_sequence_id);
}

const refresh = async () => render(await api('GET', '/_devnet/overview'));

let queued = false;
function refreshSoon(): void {
  if (queued) return;
  queued = true;
  setTimeout(() => {
    queued = false;
    refresh().catch(sayError);
    current?.live?.();
  }, 30);
}

// ---- hash routes: #/, #/records, #/requests, #/search/Q, #/account/KEY, #/record/ID, #/order/ID, #/contract/ADDR, #/file/CID ----

interface View {
  live?: () => unknown;
  stop?: () => void;
}
let current: View | null = null;

const panel = (title: string, ...body: Child[]) => h('section', { class: 'panel' }, h('h2', {}, title), ...body);
const orNone = (v: Child) => (v === null || v === undefined || v === '' ? muted('—') : v);
const fields = (pairs: Array<[string, Child] | null>) =>
  h(
    'dl',
    {},
    pairs.flatMap((p) => (p ? [h('dt', {}, p[0]), h('dd', {}, orNone(p[1]))] : [])),
  );
function show(title: string, ...sections: Child[]): void {
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
const objectFields = (o: Json) => fields(Object.entries(o).map(([k, v]) => [k, valueCell(k, v)]));

/** A list that pages with "More ...": `fetchPage(offset)` answers the next page. */
function paged(
  cols: string[],
  first: Json,
  row: (x: Json) => HTMLElement,
  what: string,
  fetchPage: (offset: number) => Promise<Json>,
): HTMLElement {
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

const ORDER_COLUMNS = ['order', 'side', 'state', 'price', 'quantity', 'filled'];
const orderRow = (o: Json) =>
  tr(
    { 'data-order': o.order_id },
    orderLink(o.order_id),
    td(side(o.side), o.side),
    ORDER_STATE[o.state] ?? String(o.state),
    num(`${o.price} ${o.base}`),
    num(`${o.quantity} ${o.quote}${tokenId(o.token_id)}`),
    num(o.filled),
  );
const fillRow = (t: Json) =>
  tr(
    {},
    orderLink(t.maker_order_id),
    orderLink(t.taker_order_id),
    num(`${t.price} ${t.base_token_name}`),
    num(`${t.executed_qty} ${t.quote_token_name}${tokenId(t.token_id)}`),
    num(t.fee),
    td({ class: 'key' }, new Date(t.time * 1000).toISOString().slice(0, 19).replace('T', ' ')),
  );
const tokenRow = (t: Json) => tr({}, '#' + t.token_id, acct(t.owner), t.order ? [orderLink(t.order.order_id), ' at ' + t.order.price] : '');
const balanceRow = (b: Json) =>
  tr(
    {},
    contractLink(b.contract_address, b.symbol, b.token_id),
    num(amount(b.available, b.available_quantized)),
    num(amount(b.frozen, b.frozen_quantized)),
    num(b.vault_id || ''),
    td({ class: 'key', title: b.asset_id }, short(b.asset_id)),
  );
const stepRow = (s: Json) =>
  tr(
    { class: 'step' },
    td({ class: 'key' }, when(s.time)),
    s.from === null ? ['created as ', badge(s.to)] : [badge(s.from), ' → ', badge(s.to)],
    s.cmd,
  );
const NOTHING_FOUND = 'nothing found: try a stark key, a genesis name, a sequence or order id, a CID, a signature r or a contract address';
const HISTORY_CUT =
  'moves made before this process started (or long ago) are not kept; the first row is the record as created or as it is now';

const pretty = (text: string) => (text.startsWith('{') ? JSON.stringify(JSON.parse(text), null, 2) : text);
const queryText = (q: Record<string, string>) =>
  '?' +
  Object.entries(q)
    .map(([k, v]) => `${k}=${short(v)}`)
    .join('&');
// The path cell opens the request's detail: its query in full, its body (secrets [redacted]), both clocks.
const detail = (e: JournalEntry) => {
  const hasQuery = Object.keys(e.query).length > 0;
  return h(
    'details',
    {},
    h('summary', {}, e.path, hasQuery ? muted(queryText(e.query)) : ''),
    fields([
      ['query', hasQuery ? keyText(JSON.stringify(e.query)) : null],
      ['body', e.body === null ? null : h('pre', { class: 'body key' }, pretty(e.body))],
      ['host time', e.wall_time],
      ['emulator time', e.emulator_time],
    ]),
  );
};
const journalRow = (e: JournalEntry) =>
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

const VIEWS: Record<string, (arg: string) => Promise<View | undefined>> = {
  async records(arg) {
    const before = /^\d+$/.test(arg) ? arg : '';
    const p = await api('GET', `/_devnet/explorer/records?limit=${PAGE}${before ? '&before=' + before : ''}`);
    const range = p.items.length ? `${p.items.at(-1).sequence_id}–${p.items[0].sequence_id} ` : '';
    const older = p.next === null ? muted('the oldest record') : h('a', { href: '#/records/' + p.next, id: 'older', rel: 'next' }, 'Older');
    show(
      'Records',
      panel(
        `Records ${range}of ${p.total} (newest first)`,
        table(
          RECORD_COLUMNS,
          p.items.map((r: Json) => recordRow(r)),
        ),
        h('div', { class: 'pager' }, before ? link('records', 'Newest') : null, older),
      ),
    );
    return undefined;
  },

  async search(q) {
    const r = await api('GET', '/_devnet/search?q=' + enc(q));
    if (r.hits.length === 1) return void location.replace(`#/${r.hits[0].kind}/${enc(r.hits[0].id)}`);
    const hits = r.hits.map((x: Json) => h('li', {}, link(`${x.kind}/${enc(x.id)}`, x.label)));
    show('Search', panel('Search: ' + q, r.hits.length === 0 ? h('p', { class: 'muted' }, NOTHING_FOUND) : h('ul', {}, hits)));
    return undefined;
  },

  async account(key) {
    const read = (records: number, orders: number) =>
      api('GET', `/_devnet/explorer/accounts/${enc(key)}?limit=${PAGE}&records=${records}&orders=${orders}`);
    const load = async () => {
      const a = await read(0, 0);
      const about = fields([
        ['stark key', full(a.stark_key, 'stark key')],
        ['name', a.name],
        a.operator ? ['role', 'operator (collects the service fee)'] : null,
      ]);
      show(
        'Account ' + (a.name || short(a.stark_key)),
        panel('Account ' + (a.name || ''), about),
        panel('Balances and NFTs', table(['asset', 'available', 'frozen', 'vault', 'asset id'], a.balances.map(balanceRow))),
        panel(
          'Records',
          paged(
            RECORD_COLUMNS,
            a.records,
            (r) => recordRow(r),
            'records',
            async (n) => (await read(n, 0)).records,
          ),
        ),
        panel(
          'Open orders',
          paged(ORDER_COLUMNS, a.open_orders, orderRow, 'open orders', async (n) => (await read(0, n)).open_orders),
        ),
      );
    };
    await load();
    return { live: load };
  },

  async record(id) {
    const load = async () => {
      const d = await api('GET', '/_devnet/explorer/records/' + enc(id));
      const r = d.row;
      const about = fields([
        ['type', r.type],
        ['status', badge(r.status)],
        ['reason', d.reason === null ? null : h('span', { class: 'err', id: 'reason' }, d.reason)],
        ['owner', keyWithCopy(r.owner, 'owner', r.owner_name)],
        ['to', r.to === null ? null : keyWithCopy(r.to, 'receiver', r.to_name)],
        ['asset', h('span', {}, contractLink(r.contract_address, r.asset, r.token_id))],
        ['amount', h('span', {}, `${r.amount} ${r.asset}`, muted(` (quantized ${r.quantized})`))],
        ['order', r.order_id === null ? null : orderLink(r.order_id)],
        ['time', r.time],
        d.l1_tx === null ? null : ['L1 transaction', d.l1_tx],
      ]);
      show(
        'Record ' + r.sequence_id,
        panel('Record ' + r.sequence_id, about),
        panel(
          'Status history',
          table(['time (emulator)', 'move', 'by'], d.history.map(stepRow)),
          d.history_complete ? null : h('p', { class: 'muted' }, HISTORY_CUT),
        ),
        panel('Every field (as GET /v1/record shows it)', objectFields(d.fields)),
      );
    };
    await load();
    return { live: load };
  },

  async order(id) {
    const read = (offset: number) => api('GET', `/_devnet/explorer/orders/${enc(id)}?limit=${PAGE}&offset=${offset}`);
    const d = await read(0);
    const o = d.row;
    const f = d.fees;
    show(
      'Order ' + o.order_id,
      panel(
        'Order ' + o.order_id,
        fields([
          ['side', h('span', side(o.side), o.side)],
          ['state', ORDER_STATE[o.state] ?? String(o.state)],
          ['owner', keyWithCopy(o.owner, 'owner')],
          ['price', `${o.price} ${o.base}`],
          ['quantity', `${o.quantity} ${o.quote}${tokenId(o.token_id)}`],
          ['filled', o.filled],
          ['record', seqLink(o.order_id)],
        ]),
      ),
      panel(
        'Fees',
        fields([
          ['service fee', `${f.service_fee} ${f.currency}`],
          ['fees taken (service + marketplace)', amount(`${f.fee_taken} ${f.currency}`, f.fee_taken_quantized)],
        ]),
      ),
      panel(
        'Fills',
        paged(['maker', 'taker', 'price', 'quantity', 'fees', 'time'], d.fills, fillRow, 'fills', async (n) => (await read(n)).fills),
      ),
      panel('Every field (as GET /v1/order shows it)', objectFields(d.fields)),
    );
    return undefined;
  },

  async contract(address) {
    const read = (offset: number) => api('GET', `/_devnet/explorer/contracts/${enc(address)}?limit=${PAGE}&offset=${offset}`);
    const d = await read(0);
    const fungible = d.type === 'ETH' || d.type === 'ERC20';
    show(
      d.symbol,
      panel(`${d.symbol} (${d.type})`, fields([['address', full(d.address, 'address')]]), objectFields(d.fields)),
      fungible
        ? null
        : panel(
            'Tokens on L2',
            paged(['token', 'owner', 'listed'], d.tokens, tokenRow, 'tokens', async (n) => (await read(n)).tokens),
          ),
    );
    return undefined;
  },

  async file(cid) {
    const f = await api('GET', '/_devnet/explorer/files/' + enc(cid));
    const about = fields([
      ['CID', full(f.cid, 'CID')],
      ['size', f.size + ' bytes'],
      ['project', full(f.project_uuid, 'project uuid')],
      ['stored', f.created_at],
      ['removed', f.removed ? 'yes (still served by the gateway)' : 'no'],
      ['gateway', external(f.url, f.url)],
    ]);
    show(f.filename, panel('Stored file ' + f.filename, about));
    return undefined;
  },

  async requests() {
    const filters: Record<string, string> = { method: '', path: '', status: '', error_code: '' };
    const body = h('tbody', {});
    let lastId = 0;
    let limit = 100;
    const query = () =>
      Object.entries(filters)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => `&${k}=${enc(v)}`)
        .join('');
    const status = h('span', { class: 'muted', role: 'status' });
    const load = async () => {
      const j = await api('GET', `/_devnet/requests?limit=${limit}${query()}`);
      body.replaceChildren(...j.entries.map(journalRow));
      lastId = j.last_id;
      status.textContent = `${j.entries.length} shown; the journal keeps the last ${j.capacity} requests`;
    };
    const poll = async () => {
      const j = await api('GET', `/_devnet/requests?since=${lastId}${query()}`);
      body.prepend(...j.entries.map(journalRow));
      lastId = j.last_id;
    };
    const filter = (name: string) => (ev: Event) => {
      filters[name] = (ev.target as HTMLInputElement).value.trim();
      load().catch((e: Error) => (status.textContent = e.message));
    };
    const input = (name: string, label: string, size: number) =>
      h('label', {}, label + ' ', h('input', { name, size, oninput: filter(name) }));
    const methods = ['', 'GET', 'POST', 'DELETE'].map((m) => h('option', { value: m }, m || 'any'));
    const more = () => {
      limit = Math.min(1000, limit + 100);
      load();
    };
    show(
      'Requests',
      panel(
        "Requests (newest first, live; the page's own reads and invariant checks are not kept)",
        h(
          'form',
          { class: 'row', onsubmit: (ev: Event) => ev.preventDefault() },
          h('label', {}, 'method ', h('select', { name: 'method', onchange: filter('method') }, methods)),
          input('path', 'path', 14),
          input('status', 'status', 4),
          input('error_code', 'code', 4),
          h('button', { type: 'button', onclick: () => api('DELETE', '/_devnet/requests').then(load) }, 'Clear journal'),
        ),
        tableOf(['time', 'method', 'path', 'status', 'code', 'error', 'seq', 'ms'], body, { id: 'journal' }),
        h('div', { class: 'pager' }, status, h('button', { type: 'button', onclick: more }, 'More requests')),
      ),
    );
    await load();
    const timer = setInterval(() => poll().catch(() => undefined), 1000);
    return { stop: () => clearInterval(timer) };
  },
};

async function route(): Promise<void> {
  current?.stop?.();
  current = null;
  const hash = location.hash.replace(/^#\/?/, '');
  const i = hash.indexOf('/');
  const kind = i < 0 ? hash : hash.slice(0, i);
  const view = VIEWS[kind];
  $('home').hidden = view !== undefined;
  $('view').hidden = view === undefined;
  if (view === undefined) return void (document.title = 'l2-devnet explorer');
  $('view').replaceChildren(h('p', { class: 'muted' }, 'loading…'));
  current =
    (await view(i < 0 ? '' : decodeURIComponent(hash.slice(i + 1))).catch(
      (e: Error) => void show('Not found', panel('Not found', h('p', { class: 'err' }, e.message))),
    )) ?? null;
}
window.addEventListener('hashchange', route);

$('search').addEventListener('submit', (ev) => {
  ev.preventDefault();
  if (value('q')) location.hash = '#/search/' + enc(value('q'));
});
document.addEventListener('keydown', (ev) => {
  if (
    ev.key === '/' &&
    !(ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement)
  ) {
    ev.preventDefault();
    $('q').focus();
  }
});

// ---- events: the history the server holds (every event on first open), then live, resumed with Last-Event-ID ----

/** What an event says, in words; a number is a record's sequence id (a link). */
function describe(e: DevnetEvent): Child[] | null {
  if (e.type === 'record') {
    if (e.from === null) return null; // the command's row says it
    return [seqLink(e.sequence_id), `: ${STATUS[e.from]} → ${STATUS[e.to]}${e.cmd === 'batches' ? ' (batch)' : ` (${e.cmd})`}`];
  }
  let v: Json | null = null;
  try {
    v = JSON.parse(e.summary.slice(e.cmd.length + 1));
  } catch {}
  if (typeof v?.['sequence_id'] === 'number') return [e.cmd + ' accepted as record ', seqLink(v['sequence_id'])];
  if (Array.isArray(v?.['sequence_ids'])) return [`${e.cmd}: ${v['sequence_ids'].length} record(s)`];
  if (Array.isArray(v?.['moved'])) return [`${e.cmd}: ${v['moved'].length} record(s) moved`];
  return [e.summary];
}
function logEvent(e: DevnetEvent): void {
  const d = describe(e);
  if (!d) return;
  $('events').prepend(h('li', { value: e.seq }, h('span', { class: 'key muted' }, when(e.time).slice(11)), ' ', d));
  while ($('events').children.length > 200) $('events').lastChild!.remove();
}

function renderSnapshots(): void {
  $('snapshot-id').replaceChildren(...snapshots.map((id) => h('option', { value: id }, id)));
}
function live(on: boolean, text: string): void {
  $('live').textContent = text;
  $('live').className = on ? 'on' : 'off';
}

const ON_EVENT: Record<string, (e: DevnetEvent) => void> = {
  ready: () => {
    live(true, 'live');
    refreshSoon();
  },
  // The events missed are no longer held: start again from the overview.
  reset: () => {
    $('events').replaceChildren();
    refreshSoon();
  },
  command: (e) => {
    logEvent(e);
    if (e.cmd === 'reset' || e.cmd === 'load') {
      snapshots = [];
      renderSnapshots();
      trails.clear();
    }
    if (e.cmd === 'revert') pruneTrails = true;
    refreshSoon();
  },
  record: (e) => {
    if (e.type !== 'record') return;
    const trail = trails.get(e.sequence_id) ?? (e.from === null ? [] : [e.from]);
    trail.push(e.to);
    trails.set(e.sequence_id, trail);
    logEvent(e);
    refreshSoon();
  },
};

/** "0" on first open: the server replays every event it holds, so the panel starts with the recent history. */
let lastEventId = '0';
// One SSE frame: 'event:' names the handler, 'id:' is remembered, 'data:' lines carry the JSON; comments (pings) are skipped.
function dispatch(frame: string): void {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    const m = /^([^:]+): ?(.*)$/.exec(line);
    if (m?.[1] === 'event') event = m[2]!;
    else if (m?.[1] === 'data') data.push(m[2]!);
    else if (m?.[1] === 'id') lastEventId = m[2]!;
  }
  if (data.length > 0) ON_EVENT[event]?.(JSON.parse(data.join('\n')));
}

// The stream is read with fetch rather than EventSource, which cannot send the control token; it
// sends Last-Event-ID itself, so after a drop the server replays what was missed.
async function connect(): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(NS_PREFIX + '/_devnet/events', { headers: { ...authHeaders(), 'last-event-id': lastEventId } });
      if (res.status === 401) {
        live(false, 'locked');
        return say(LOCKED, true);
      }
      if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buffer += decoder.decode(r.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // reconnect below
    }
    live(false, 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function control(id: string, run: () => Promise<string>): void {
  $(id).addEventListener('click', () => run().then((text) => say(text), sayError));
}
for (const layer of ['l2', 'l1', 'both']) {
  control('btn-' + layer, async () => `${layer} batch moved ${(await api('POST', '/_devnet/batches', { layer })).moved.length} record(s)`);
}
control('btn-clock', async () => {
  const r = await api('POST', '/_devnet/clock', { advance_seconds: value('clock-seconds') || '0' });
  return 'clock now ' + r.now + (r.moved.length ? ', batches moved ' + r.moved.length : '');
});
control('btn-snapshot', async () => {
  const r = await api('POST', '/_devnet/snapshots');
  snapshots.push(r.id);
  renderSnapshots();
  $<HTMLSelectElement>('snapshot-id').value = r.id;
  return 'snapshot ' + r.id;
});
control('btn-revert', async () => {
  const id = value('snapshot-id');
  if (!id) throw new Error('take a snapshot first');
  await api('POST', `/_devnet/snapshots/${enc(id)}/revert`);
  snapshots = snapshots.slice(0, snapshots.indexOf(id) + 1);
  renderSnapshots();
  $<HTMLSelectElement>('snapshot-id').value = id;
  return 'reverted to ' + id;
});
control('btn-deposit', async () => {
  const token = value('deposit-token');
  const body = {
    stark_key: value('deposit-account'),
    contract_address: value('deposit-contract'),
    ...(token ? { token_id: token } : { amount: value('deposit-amount') }),
  };
  return 'deposit recorded as ' + (await api('POST', '/_devnet/deposit', body)).sequence_id;
});
control('btn-reset', async () => {
  await api('POST', '/_devnet/reset', {});
  return 'reset to the genesis state';
});

// The namespace selector: this page's namespace among all of them; choosing one opens its explorer
// (the fragment, which may carry the control token, goes along).
async function listNamespaces(): Promise<void> {
  const r = await api('GET', '/_devnet/namespaces');
  $('namespace').replaceChildren(...r.namespaces.map((n: Json) => h('option', { value: n.name, selected: n.name === r.current }, n.name)));
}
$('namespace').addEventListener('change', () => {
  const name = value('namespace');
  location.href = (name === 'default' ? '/' : `/ns/${enc(name)}/`) + location.hash;
});
$('namespace').addEventListener('focus', () => listNamespaces().catch(sayError));

route();
connect();
refresh().catch(sayError);
listNamespaces().catch(sayError);
