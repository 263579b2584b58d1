// The explorer's browser module (plain JS, no framework): renders /_devnet/overview and the detail pages
// (hash routes), follows /_devnet/events (resuming with Last-Event-ID), shows the request journal,
// drives the control plane. Kept free of backticks and template placeholders so it can live in a String.raw literal.

export const EXPLORER_JS = String.raw`// l2-devnet explorer: DOM built with textContent (no HTML injection); every key, id and CID is a link.
const STATUS = { 0: 'submitted', 1: 'accepted', 2: 'failed', 3: 'on L2', 4: 'rejected on L2', 5: 'rolled back', 6: 'on L1' };
const PAGE = 50;
const ORDER_STATE = { 0: 'placed', 1: 'cancelled', 2: 'filled', 3: 'partially filled' };
const $ = (id) => document.getElementById(id);
// Under /ns/{name}/ the page shows that namespace: every call it makes goes under the same prefix.
const NS_PREFIX = (location.pathname.match(/^\/ns\/[a-z0-9][a-z0-9_-]*/) || [''])[0];

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = v;
    else if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

function table(head, rows) {
  if (rows.length === 0) return h('p', { class: 'muted' }, 'none');
  return h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, head.map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, rows)));
}

function badge(status) {
  return h('span', { class: 'badge s' + status, 'data-status': status }, STATUS[status] || String(status));
}

const short = (key) => (typeof key === 'string' && key.length > 14 ? key.slice(0, 8) + '…' + key.slice(-4) : key);
const isKey = (s) => typeof s === 'string' && /^0x[0-9a-f]{41,}$/i.test(s);
const enc = encodeURIComponent;

function link(hash, text, title) {
  return h('a', { href: '#/' + hash, title: title || null }, text);
}
// A stark key or a genesis name: both open the account page.
function acct(who, name) {
  if (who === null || who === undefined) return '';
  if (!isKey(who) && !/^[A-Za-z][\w-]*$/.test(who)) return h('span', { class: 'key', title: who }, short(who));
  return link('account/' + enc(who), name || short(who), isKey(who) ? who : null);
}
const seqLink = (id) => link('record/' + id, String(id));
const orderLink = (id) => link('order/' + id, '#' + id, 'order ' + id);

function copyButton(value, what) {
  return h('button', {
    class: 'copy', type: 'button', 'aria-label': 'copy ' + what, title: 'copy ' + what,
    onclick: async (ev) => {
      const b = ev.currentTarget;
      try { await navigator.clipboard.writeText(value); b.textContent = 'copied'; } catch { b.textContent = 'select it'; }
      setTimeout(() => { b.textContent = 'copy'; }, 1200);
    },
  }, 'copy');
}
// A long value in full with its copy button (detail pages).
const full = (value, what) => h('span', {}, h('span', { class: 'key' }, value), copyButton(value, what));
// Display units, with the quantized amount on hover.
const amount = (display, quantized) => h('span', { title: 'quantized: ' + quantized }, display);

// Status moves seen live, per record: the overview has only the current status.
const trails = new Map();
let snapshots = [];
let pruneTrails = false;

function say(text, isError) {
  const m = $('msg');
  m.textContent = text;
  m.className = isError ? 'err' : '';
}

// With --control-token every control call needs it: the page takes it from its own #token=... (a
// fragment never reaches the server or its logs) and keeps it for this tab only.
const TOKEN_KEY = 'l2-devnet-control-token';
const fragment = /(?:^#|&)token=([^&]*)/.exec(location.hash);
if (fragment) {
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(fragment[1]));
  history.replaceState(null, '', location.pathname + location.search);
}
function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: 'Bearer ' + token } : {};
}
const LOCKED = 'the control plane needs its token (--control-token): open this page as /#token=YOUR_TOKEN';

async function api(method, path, body) {
  const init = { method, headers: body === undefined ? authHeaders() : { 'content-type': 'application/json', ...authHeaders() } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(NS_PREFIX + path, init);
  if (res.status === 401) throw new Error(LOCKED);
  const data = await res.json().catch(() => null);
  if (!res.ok || (data && data.status === 'FAILED')) throw new Error((data && data.error) || 'HTTP ' + res.status);
  return data;
}

// ---- the overview ----

function renderAccounts(o) {
  $('accounts').replaceChildren(table(['account', 'asset', 'available', 'frozen'], o.accounts.flatMap((a) => {
    const who = h('td', {}, acct(a.stark_key, a.name), a.operator ? ' (operator)' : '');
    if (a.balances.length === 0) return [h('tr', {}, who, h('td', { class: 'muted' }, 'empty'), h('td', {}), h('td', {}))];
    return a.balances.map((b, i) => h('tr', { 'data-account': a.name || a.stark_key },
      i === 0 ? who : h('td', {}),
      h('td', {}, b.symbol, b.token_id ? ' #' + b.token_id : ''),
      h('td', { class: 'num' }, b.available),
      h('td', { class: 'num' }, b.frozen === '0' ? '' : b.frozen)));
  })));
  const select = $('deposit-account');
  const chosen = select.value;
  select.replaceChildren(...o.accounts.map((a) => h('option', { value: a.stark_key }, a.name || short(a.stark_key))));
  if (chosen) select.value = chosen;
}

function renderMarkets(o) {
  $('markets').replaceChildren(...(o.markets.length === 0 ? [h('p', { class: 'muted' }, 'no open orders')] : o.markets.map((m) => {
    const levels = (side, cls) => (m.depth[side] || []).map(([price, qty]) => h('tr', { class: cls }, h('td', {}, side === 'asks' ? 'ask' : 'bid'), h('td', { class: 'num' }, price), h('td', { class: 'num' }, qty)));
    return h('div', { class: 'book' },
      h('h3', {}, link('contract/' + enc(m.quote_contract), m.quote), ' / ' + m.base, ' ', h('span', { class: 'key muted' }, m.quote_type)),
      table(['side', 'price (' + m.base + ')', 'quantity'], [...levels('asks', 'ask').reverse(), ...levels('bids', 'bid')]),
      table(['order', 'side', 'owner', 'price', 'remaining'], m.orders.map((x) => h('tr', { 'data-order': x.order_id },
        h('td', {}, orderLink(x.order_id)), h('td', { class: x.side.toLowerCase() }, x.side), h('td', {}, acct(x.owner)),
        h('td', { class: 'num' }, x.price), h('td', { class: 'num' }, x.remaining, x.token_id ? ' (#' + x.token_id + ')' : '')))));
  })));
}

const when = (t) => t.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');

function recordRow(r, withTrail) {
  const trail = trails.get(r.sequence_id) || [];
  return h('tr', { 'data-seq': r.sequence_id },
    h('td', {}, seqLink(r.sequence_id)), h('td', {}, r.type, r.order_id !== null ? ' ' : '', r.order_id !== null ? orderLink(r.order_id) : ''),
    h('td', {}, acct(r.owner, r.owner_name)), h('td', {}, acct(r.to)),
    h('td', {}, r.contract_address ? link('contract/' + enc(r.contract_address), r.asset) : r.asset, r.token_id ? ' #' + r.token_id : ''),
    h('td', { class: 'num' }, amount(r.amount, r.quantized)),
    h('td', { class: 'key' }, when(r.time)),
    h('td', { class: 'status' }, badge(r.status)),
    withTrail ? h('td', { class: 'trail' }, trail.map(badge)) : null);
}

function renderRecords(o) {
  $('records').replaceChildren(table(['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status', 'trail'], o.records.map((r) => recordRow(r, true))));
}

function renderTrades(o) {
  $('trades').replaceChildren(table(['seller', 'buyer', 'quantity', 'volume', 'service fee', 'marketplace fee'], o.trades.map((t) => h('tr', {},
    h('td', {}, acct(t.seller)), h('td', {}, acct(t.buyer)),
    h('td', { class: 'num' }, t.quantity + ' ' + t.asset + (t.token_id ? ' #' + t.token_id : '')),
    h('td', { class: 'num' }, t.volume + ' ' + t.currency), h('td', { class: 'num' }, t.service_fee), h('td', { class: 'num' }, t.marketplace_fee)))));
}

function renderMarketplaces(o) {
  $('marketplaces').replaceChildren(table(['name', 'fee rate', 'payee', 'fees collected'], o.marketplaces.map((m) => h('tr', {},
    h('td', { title: m.uuid }, m.name), h('td', { class: 'num' }, m.fee_rate), h('td', {}, acct(m.payee)),
    h('td', {}, m.fees_collected.map((f) => f.amount + ' ' + f.currency).join(', ') || '0')))));
}

function renderFiles(o) {
  $('files').replaceChildren(table(['file', 'size', 'cid'], o.files.map((f) => h('tr', { class: f.removed ? 'muted' : '' },
    h('td', {}, h('a', { href: f.url, target: '_blank', rel: 'noopener' }, f.filename), f.removed ? ' (removed)' : ''),
    h('td', { class: 'num' }, f.size), h('td', { class: 'key' }, link('file/' + enc(f.cid), short(f.cid), f.cid))))));
}

function render(o) {
  if (pruneTrails) {
    pruneTrails = false;
    for (const seq of [...trails.keys()]) if (seq >= o.next_sequence_id) trails.delete(seq);
  }
  $('clock').textContent = o.now;
  $('settlement').textContent = 'settlement: ' + o.settlement;
  $('pending').textContent = o.pending.l2 + ' waiting for L2, ' + o.pending.l1 + ' for L1';
  renderAccounts(o); renderMarkets(o); renderRecords(o); renderTrades(o); renderMarketplaces(o); renderFiles(o);
  document.body.dataset.seq = String(o.next_sequence_id);
}

async function refresh() {
  render(await api('GET', '/_devnet/overview'));
}

let queued = false;
function refreshSoon() {
  if (queued) return;
  queued = true;
  setTimeout(() => {
    queued = false;
    refresh().catch((e) => say(e.message, true));
    if (current && current.live) current.live();
  }, 30);
}

// ---- hash routes: #/, #/records, #/requests, #/search/Q, #/account/KEY, #/record/ID, #/order/ID, #/contract/ADDR, #/file/CID ----

let current = null;

function panel(title, ...body) {
  return h('section', { class: 'panel' }, h('h2', {}, title), ...body);
}
function fields(pairs) {
  return h('dl', {}, pairs.filter((p) => p).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v === null || v === undefined || v === '' ? h('span', { class: 'muted' }, '—') : v)]));
}
function pager(page, onMore, what) {
  const shown = page.items.length;
  return h('div', { class: 'pager' },
    h('span', { class: 'muted' }, shown + ' of ' + page.total + ' ' + what),
    page.next === null ? null : h('button', { type: 'button', onclick: onMore }, 'More ' + what));
}
function show(title, ...sections) {
  $('view').replaceChildren(h('h2', { class: 'sr' }, title), ...sections);
  document.title = title + ' · l2-devnet explorer';
}
// Any value of an object as text (nested objects as JSON), keys and CIDs linked.
function valueCell(k, v) {
  if (v !== null && typeof v === 'object') return h('span', { class: 'key' }, JSON.stringify(v));
  const s = String(v);
  if (isKey(s)) return h('span', {}, (/stark_key|from|^to$|owner|payee|signer/.test(k) ? acct(s) : h('span', { class: 'key' }, s)), copyButton(s, k));
  return s.length > 40 ? full(s, k) : s;
}
const objectFields = (o) => fields(Object.entries(o).map(([k, v]) => [k, valueCell(k, v)]));

const VIEWS = {
  async records(arg) {
    const before = /^\d+$/.test(arg) ? arg : '';
    const p = await api('GET', '/_devnet/explorer/records?limit=' + PAGE + (before ? '&before=' + before : ''));
    const first = p.items.length ? p.items[0].sequence_id : 0;
    const last = p.items.length ? p.items[p.items.length - 1].sequence_id : 0;
    show('Records', panel('Records ' + (p.items.length ? last + '–' + first : '') + ' of ' + p.total + ' (newest first)',
      table(['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status'], p.items.map((r) => recordRow(r, false))),
      h('div', { class: 'pager' },
        before ? link('records', 'Newest') : null,
        p.next === null ? h('span', { class: 'muted' }, 'the oldest record') : h('a', { href: '#/records/' + p.next, id: 'older', rel: 'next' }, 'Older'))));
  },

  async search(q) {
    const r = await api('GET', '/_devnet/search?q=' + enc(q));
    if (r.hits.length === 1) { location.replace('#/' + r.hits[0].kind + '/' + enc(r.hits[0].id)); return; }
    show('Search', panel('Search: ' + q, r.hits.length === 0 ? h('p', { class: 'muted' }, 'nothing found: try a stark key, a genesis name, a sequence or order id, a CID, a signature r or a contract address')
      : h('ul', {}, r.hits.map((x) => h('li', {}, link(x.kind + '/' + enc(x.id), x.label))))));
  },

  async account(key) {
    const off = { records: 0, orders: 0 };
    const load = async () => {
      const a = await api('GET', '/_devnet/explorer/accounts/' + enc(key) + '?limit=' + PAGE + '&records=0&orders=0');
      const recs = a.records.items.slice();
      const ords = a.open_orders.items.slice();
      const recBody = h('tbody', {}, recs.map((r) => recordRow(r, false)));
      const ordBody = h('tbody', {}, ords.map(orderRow));
      const more = async (which, into, row, page) => {
        off[which] += PAGE;
        const next = await api('GET', '/_devnet/explorer/accounts/' + enc(key) + '?limit=' + PAGE + '&records=' + off.records + '&orders=' + off.orders);
        const part = which === 'records' ? next.records : next.open_orders;
        into.append(...part.items.map(row));
        page.items.push(...part.items);
        page.next = part.next;
      };
      const recPage = { items: recs, total: a.records.total, next: a.records.next };
      const ordPage = { items: ords, total: a.open_orders.total, next: a.open_orders.next };
      const recPager = h('div', {});
      const ordPager = h('div', {});
      const redraw = () => {
        recPager.replaceChildren(pager(recPage, () => more('records', recBody, (r) => recordRow(r, false), recPage).then(redraw), 'records'));
        ordPager.replaceChildren(pager(ordPage, () => more('orders', ordBody, orderRow, ordPage).then(redraw), 'open orders'));
      };
      redraw();
      show('Account ' + (a.name || short(a.stark_key)),
        panel('Account ' + (a.name || ''), fields([['stark key', full(a.stark_key, 'stark key')], ['name', a.name], a.operator ? ['role', 'operator (collects the service fee)'] : null])),
        panel('Balances and NFTs', table(['asset', 'available', 'frozen', 'vault', 'asset id'], a.balances.map((b) => h('tr', {},
          h('td', {}, link('contract/' + enc(b.contract_address), b.symbol), b.token_id ? ' #' + b.token_id : ''),
          h('td', { class: 'num' }, amount(b.available, b.available_quantized)), h('td', { class: 'num' }, amount(b.frozen, b.frozen_quantized)),
          h('td', { class: 'num' }, b.vault_id || ''), h('td', { class: 'key', title: b.asset_id }, short(b.asset_id)))))),
        panel('Records', h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, ['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status'].map((t) => h('th', {}, t)))), recBody)), recPager),
        panel('Open orders', h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, ['order', 'side', 'state', 'price', 'quantity', 'filled'].map((t) => h('th', {}, t)))), ordBody)), ordPager));
    };
    await load();
    return { live: load };
  },

  async record(id) {
    const load = async () => {
      const d = await api('GET', '/_devnet/explorer/records/' + enc(id));
      const r = d.row;
      show('Record ' + r.sequence_id,
        panel('Record ' + r.sequence_id, fields([
          ['type', r.type], ['status', badge(r.status)], ['reason', d.reason === null ? null : h('span', { class: 'err', id: 'reason' }, d.reason)],
          ['owner', h('span', {}, acct(r.owner, r.owner_name), copyButton(r.owner, 'owner'))], ['to', r.to === null ? null : h('span', {}, acct(r.to), copyButton(r.to, 'receiver'))],
          ['asset', h('span', {}, link('contract/' + enc(r.contract_address), r.asset), r.token_id ? ' #' + r.token_id : '')],
          ['amount', h('span', {}, r.amount + ' ' + r.asset, h('span', { class: 'muted' }, ' (quantized ' + r.quantized + ')'))],
          ['order', r.order_id === null ? null : orderLink(r.order_id)], ['time', r.time]])),
        panel('Status history', table(['time (emulator)', 'move', 'by'], d.history.map((s) => h('tr', { class: 'step' },
          h('td', { class: 'key' }, when(s.time)), h('td', {}, s.from === null ? 'created as ' : '', s.from === null ? '' : badge(s.from), s.from === null ? '' : ' → ', badge(s.to)), h('td', {}, s.cmd)))),
          d.history_complete ? null : h('p', { class: 'muted' }, 'moves made before this process started (or long ago) are not kept; the first row is the record as created or as it is now')),
        panel('Every field (as GET /v1/record shows it)', objectFields(d.fields)));
    };
    await load();
    return { live: load };
  },

  async order(id) {
    const d = await api('GET', '/_devnet/explorer/orders/' + enc(id) + '?limit=' + PAGE);
    const o = d.row;
    const fills = h('tbody', {}, d.fills.items.map(fillRow));
    const page = d.fills;
    const pg = h('div', {});
    const redraw = () => pg.replaceChildren(pager(page, async () => {
      const next = await api('GET', '/_devnet/explorer/orders/' + enc(id) + '?limit=' + PAGE + '&offset=' + page.items.length);
      fills.append(...next.fills.items.map(fillRow));
      page.items.push(...next.fills.items);
      page.next = next.fills.next;
      redraw();
    }, 'fills'));
    redraw();
    show('Order ' + o.order_id,
      panel('Order ' + o.order_id, fields([['side', h('span', { class: o.side.toLowerCase() }, o.side)], ['state', ORDER_STATE[o.state] || String(o.state)], ['owner', h('span', {}, acct(o.owner), copyButton(o.owner, 'owner'))],
        ['price', o.price + ' ' + o.base], ['quantity', o.quantity + ' ' + o.quote + (o.token_id ? ' #' + o.token_id : '')], ['filled', o.filled], ['record', seqLink(o.order_id)]])),
      panel('Fees', fields([['service fee', d.fees.service_fee + ' ' + d.fees.currency], ['fees taken (service + marketplace)', amount(d.fees.fee_taken + ' ' + d.fees.currency, d.fees.fee_taken_quantized)]])),
      panel('Fills', h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, ['maker', 'taker', 'price', 'quantity', 'fees', 'time'].map((t) => h('th', {}, t)))), fills)), pg),
      panel('Every field (as GET /v1/order shows it)', objectFields(d.fields)));
  },

  async contract(address) {
    const d = await api('GET', '/_devnet/explorer/contracts/' + enc(address) + '?limit=' + PAGE);
    const body = h('tbody', {}, d.tokens.items.map(tokenRow));
    const page = d.tokens;
    const pg = h('div', {});
    const redraw = () => pg.replaceChildren(pager(page, async () => {
      const next = await api('GET', '/_devnet/explorer/contracts/' + enc(address) + '?limit=' + PAGE + '&offset=' + page.items.length);
      body.append(...next.tokens.items.map(tokenRow));
      page.items.push(...next.tokens.items);
      page.next = next.tokens.next;
      redraw();
    }, 'tokens'));
    redraw();
    show(d.symbol, panel(d.symbol + ' (' + d.type + ')', fields([['address', full(d.address, 'address')]]), objectFields(d.fields)),
      d.type === 'ETH' || d.type === 'ERC20' ? null : panel('Tokens on L2', h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, ['token', 'owner', 'listed'].map((t) => h('th', {}, t)))), body)), pg));
  },

  async file(cid) {
    const f = await api('GET', '/_devnet/explorer/files/' + enc(cid));
    show(f.filename, panel('Stored file ' + f.filename, fields([['CID', full(f.cid, 'CID')], ['size', f.size + ' bytes'], ['project', full(f.project_uuid, 'project uuid')],
      ['stored', f.created_at], ['removed', f.removed ? 'yes (still served by the gateway)' : 'no'], ['gateway', h('a', { href: f.url, target: '_blank', rel: 'noopener' }, f.url)]])));
  },

  async requests() {
    const filters = { method: '', path: '', status: '', error_code: '' };
    const body = h('tbody', {});
    let lastId = 0;
    let limit = 100;
    const query = () => Object.entries(filters).filter(([, v]) => v !== '').map(([k, v]) => k + '=' + enc(v)).join('&');
    const row = (e) => h('tr', { class: e.error_code !== 0 || e.status >= 400 ? 'refused' : '', 'data-id': e.id, 'data-code': e.error_code },
      h('td', { class: 'key', title: 'emulator ' + e.emulator_time }, e.wall_time.slice(11, 23)), h('td', {}, e.method),
      h('td', { class: 'wrap' }, e.path, Object.keys(e.query).length ? h('span', { class: 'muted' }, '?' + Object.entries(e.query).map(([k, v]) => k + '=' + short(v)).join('&')) : ''),
      h('td', { class: 'num' }, e.status), h('td', { class: 'num code' }, e.error_code || ''),
      h('td', { class: 'wrap' }, e.error || ''), h('td', {}, e.sequence_id === null ? '' : seqLink(e.sequence_id)), h('td', { class: 'num' }, e.duration_ms.toFixed(1)));
    const status = h('span', { class: 'muted', role: 'status' });
    const load = async () => {
      const j = await api('GET', '/_devnet/requests?limit=' + limit + (query() ? '&' + query() : ''));
      body.replaceChildren(...j.entries.map(row));
      lastId = j.last_id;
      status.textContent = j.entries.length + ' shown; the journal keeps the last ' + j.capacity + ' requests';
    };
    const poll = async () => {
      const j = await api('GET', '/_devnet/requests?since=' + lastId + (query() ? '&' + query() : ''));
      if (j.entries.length) body.prepend(...j.entries.map(row));
      lastId = j.last_id;
    };
    const input = (name, label, size) => h('label', {}, label + ' ', h('input', { name, size, oninput: (ev) => { filters[name] = ev.target.value.trim(); load().catch((e) => status.textContent = e.message); } }));
    show('Requests', panel('Requests (newest first, live)',
      h('form', { class: 'row', onsubmit: (ev) => ev.preventDefault() },
        h('label', {}, 'method ', h('select', { name: 'method', onchange: (ev) => { filters.method = ev.target.value; load(); } }, ['', 'GET', 'POST', 'DELETE'].map((m) => h('option', { value: m }, m || 'any')))),
        input('path', 'path', 14), input('status', 'status', 4), input('error_code', 'code', 4),
        h('button', { type: 'button', onclick: () => api('DELETE', '/_devnet/requests').then(load) }, 'Clear journal')),
      h('div', { class: 'scroll' }, h('table', { id: 'journal' }, h('thead', {}, h('tr', {}, ['time', 'method', 'path', 'status', 'code', 'error', 'seq', 'ms'].map((t) => h('th', {}, t)))), body)),
      h('div', { class: 'pager' }, status, h('button', { type: 'button', onclick: () => { limit = Math.min(1000, limit + 100); load(); } }, 'More requests'))));
    await load();
    const timer = setInterval(() => poll().catch(() => {}), 1000);
    return { stop: () => clearInterval(timer) };
  },
};

function orderRow(o) {
  return h('tr', { 'data-order': o.order_id }, h('td', {}, orderLink(o.order_id)), h('td', { class: o.side.toLowerCase() }, o.side), h('td', {}, ORDER_STATE[o.state] || String(o.state)),
    h('td', { class: 'num' }, o.price + ' ' + o.base), h('td', { class: 'num' }, o.quantity + ' ' + o.quote + (o.token_id ? ' #' + o.token_id : '')), h('td', { class: 'num' }, o.filled));
}
function fillRow(t) {
  return h('tr', {}, h('td', {}, orderLink(t.maker_order_id)), h('td', {}, orderLink(t.taker_order_id)), h('td', { class: 'num' }, t.price + ' ' + t.base_token_name),
    h('td', { class: 'num' }, t.executed_qty + ' ' + t.quote_token_name + (t.token_id ? ' #' + t.token_id : '')), h('td', { class: 'num' }, t.fee), h('td', { class: 'key' }, new Date(t.time * 1000).toISOString().slice(0, 19).replace('T', ' ')));
}
function tokenRow(t) {
  return h('tr', {}, h('td', {}, '#' + t.token_id), h('td', {}, acct(t.owner)), h('td', {}, t.order ? h('span', {}, orderLink(t.order.order_id), ' at ' + t.order.price) : ''));
}

async function route() {
  if (current && current.stop) current.stop();
  current = null;
  const hash = location.hash.replace(/^#\/?/, '');
  const i = hash.indexOf('/');
  const kind = i < 0 ? hash : hash.slice(0, i);
  const arg = i < 0 ? '' : decodeURIComponent(hash.slice(i + 1));
  const home = kind === '' || !VIEWS[kind];
  $('home').hidden = !home;
  $('view').hidden = home;
  if (home) { document.title = 'l2-devnet explorer'; return; }
  $('view').replaceChildren(h('p', { class: 'muted' }, 'loading…'));
  try {
    current = (await VIEWS[kind](arg)) || null;
  } catch (e) {
    show('Not found', panel('Not found', h('p', { class: 'err' }, e.message)));
  }
}
window.addEventListener('hashchange', route);

$('search').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const q = $('q').value.trim();
  if (q) location.hash = '#/search/' + enc(q);
});
document.addEventListener('keydown', (ev) => {
  const t = ev.target;
  if (ev.key === '/' && !(t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement)) { ev.preventDefault(); $('q').focus(); }
});

// ---- events: human-readable rows, kept across reloads (sessionStorage), resumed with Last-Event-ID ----

const EVENTS_KEY = 'l2-devnet-events' + NS_PREFIX;
const LAST_KEY = 'l2-devnet-last-event' + NS_PREFIX;
let kept = [];
try { kept = JSON.parse(sessionStorage.getItem(EVENTS_KEY) || '[]'); } catch { kept = []; }
let lastEventId = sessionStorage.getItem(LAST_KEY);

function describe(e) {
  if (e.type === 'record') {
    if (e.from === null) return null; // the command's row says it
    return [seqLink(e.sequence_id), ': ' + STATUS[e.from] + ' → ' + STATUS[e.to] + (e.cmd === 'batches' ? ' (batch)' : ' (' + e.cmd + ')')];
  }
  const rest = e.summary.slice(e.cmd.length + 1);
  let v = null;
  try { v = rest ? JSON.parse(rest) : null; } catch { v = null; }
  if (v && typeof v.sequence_id === 'number') return [e.cmd + ' accepted as record ', seqLink(v.sequence_id)];
  if (v && Array.isArray(v.sequence_ids)) return [e.cmd + ': ' + v.sequence_ids.length + ' record(s)'];
  if (v && Array.isArray(v.moved)) return [e.cmd + ': ' + v.moved.length + ' record(s) moved'];
  return [e.summary];
}

function eventRow(k) {
  const parts = k.parts.map((p) => (typeof p === 'number' ? seqLink(p) : p));
  return h('li', { value: k.seq }, h('span', { class: 'key muted' }, when(k.time).slice(11)), ' ', parts);
}
function renderKept() {
  $('events').replaceChildren(...kept.slice().reverse().map(eventRow));
}
function logEvent(e) {
  const d = describe(e);
  if (!d) return;
  // Stored as text and record numbers, rebuilt into links on reload.
  const parts = d.map((p) => (p instanceof Node ? (p.textContent && /^\d+$/.test(p.textContent) ? Number(p.textContent) : p.textContent) : p));
  const k = { seq: e.seq, time: e.time, parts };
  kept.push(k);
  while (kept.length > 200) kept.shift();
  $('events').prepend(eventRow(k));
  while ($('events').children.length > 200) $('events').lastChild.remove();
}
function saveEvents() {
  try { sessionStorage.setItem(EVENTS_KEY, JSON.stringify(kept)); } catch { /* full: keep them in memory only */ }
  if (lastEventId !== null) sessionStorage.setItem(LAST_KEY, lastEventId);
}
window.addEventListener('pagehide', saveEvents);

function renderSnapshots() {
  $('snapshot-id').replaceChildren(...snapshots.map((id) => h('option', { value: id }, id)));
}

function live(on, text) {
  $('live').textContent = text;
  $('live').className = on ? 'on' : 'off';
}

const ON_EVENT = {
  ready: (e) => { live(true, 'live'); if (lastEventId === null) lastEventId = String(e.seq); refreshSoon(); },
  reset: () => {
    // The events missed are no longer held: start again from the overview.
    kept = [];
    renderKept();
    refreshSoon();
  },
  command: (e) => {
    logEvent(e);
    if (e.cmd === 'reset' || e.cmd === 'load') { snapshots = []; renderSnapshots(); trails.clear(); }
    if (e.cmd === 'revert') pruneTrails = true;
    refreshSoon();
  },
  record: (e) => {
    const trail = trails.get(e.sequence_id) || (e.from === null ? [] : [e.from]);
    trail.push(e.to);
    trails.set(e.sequence_id, trail);
    logEvent(e);
    refreshSoon();
  },
};

// One SSE frame: 'event:' names the handler, 'id:' is remembered, 'data:' lines carry the JSON; comments (pings) are skipped.
function dispatch(frame) {
  let event = 'message';
  let id = null;
  const data = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (id !== null) lastEventId = id;
  if (data.length > 0 && ON_EVENT[event]) ON_EVENT[event](JSON.parse(data.join('\n')));
}

// The stream is read with fetch rather than EventSource, which cannot send the control token; it
// sends Last-Event-ID itself, so after a drop or a reload the server replays what was missed.
async function connect() {
  for (;;) {
    try {
      const headers = authHeaders();
      if (lastEventId !== null) headers['last-event-id'] = lastEventId;
      const res = await fetch(NS_PREFIX + '/_devnet/events', { headers });
      if (res.status === 401) { live(false, 'locked'); say(LOCKED, true); return; }
      if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        saveEvents();
      }
    } catch {
      // reconnect below
    }
    live(false, 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function control(id, run) {
  $(id).addEventListener('click', async () => {
    try { say(await run()); } catch (e) { say(e.message, true); }
  });
}

for (const layer of ['l2', 'l1', 'both']) {
  control('btn-' + layer, async () => {
    const r = await api('POST', '/_devnet/batches', { layer });
    return layer + ' batch moved ' + r.moved.length + ' record(s)';
  });
}
control('btn-clock', async () => {
  const r = await api('POST', '/_devnet/clock', { advance_seconds: $('clock-seconds').value || '0' });
  return 'clock now ' + r.now + (r.moved.length ? ', batches moved ' + r.moved.length : '');
});
control('btn-snapshot', async () => {
  const r = await api('POST', '/_devnet/snapshots');
  snapshots.push(r.id);
  renderSnapshots();
  $('snapshot-id').value = r.id;
  return 'snapshot ' + r.id;
});
control('btn-revert', async () => {
  const id = $('snapshot-id').value;
  if (!id) throw new Error('take a snapshot first');
  await api('POST', '/_devnet/snapshots/' + encodeURIComponent(id) + '/revert');
  snapshots = snapshots.slice(0, snapshots.indexOf(id) + 1);
  renderSnapshots();
  $('snapshot-id').value = id;
  return 'reverted to ' + id;
});
control('btn-deposit', async () => {
  const body = { stark_key: $('deposit-account').value, contract_address: $('deposit-contract').value.trim() };
  const token = $('deposit-token').value.trim();
  if (token) body.token_id = token; else body.amount = $('deposit-amount').value.trim();
  const r = await api('POST', '/_devnet/deposit', body);
  return 'deposit recorded as ' + r.sequence_id;
});

// The namespace selector: this page's namespace among all of them; choosing one opens its explorer
// (the fragment, which may carry the control token, goes along).
async function listNamespaces() {
  const r = await api('GET', '/_devnet/namespaces');
  $('namespace').replaceChildren(...r.namespaces.map((n) => h('option', { value: n.name, selected: n.name === r.current }, n.name)));
}
$('namespace').addEventListener('change', () => {
  const name = $('namespace').value;
  location.href = (name === 'default' ? '/' : '/ns/' + encodeURIComponent(name) + '/') + location.hash;
});
$('namespace').addEventListener('focus', () => { listNamespaces().catch((e) => say(e.message, true)); });

renderKept();
route();
connect();
refresh().catch((e) => say(e.message, true));
listNamespaces().catch((e) => say(e.message, true));
`;
