// The explorer's browser module (plain JS, no framework): renders /_devnet/overview, follows /_devnet/events, drives the control plane.
// Kept free of backticks and template placeholders so it can live in a String.raw literal.

export const EXPLORER_JS = String.raw`// l2-devnet explorer: one overview read per burst of events, DOM built with textContent (no HTML injection).
const STATUS = { 0: 'submitted', 1: 'accepted', 2: 'failed', 3: 'on L2', 4: 'rejected on L2', 5: 'rolled back', 6: 'on L1' };
const $ = (id) => document.getElementById(id);

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = v;
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : String(c));
  return el;
}

function table(head, rows) {
  if (rows.length === 0) return h('p', { class: 'muted' }, 'none');
  return h('table', {}, h('thead', {}, h('tr', {}, head.map((t) => h('th', {}, t)))), h('tbody', {}, rows));
}

function badge(status) {
  return h('span', { class: 'badge s' + status, 'data-status': status }, STATUS[status] || String(status));
}

const short = (key) => (typeof key === 'string' && key.length > 14 ? key.slice(0, 8) + '…' + key.slice(-4) : key);

// Status moves seen live, per record: the overview has only the current status.
const trails = new Map();
let snapshots = [];
// After a revert, sequence ids past the restored counter will be handed out again: their trails go.
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
  const res = await fetch(path, init);
  if (res.status === 401) throw new Error(LOCKED);
  const data = await res.json().catch(() => null);
  if (!res.ok || (data && data.status === 'FAILED')) throw new Error((data && data.error) || 'HTTP ' + res.status);
  return data;
}

function renderAccounts(o) {
  $('accounts').replaceChildren(table(['account', 'asset', 'available', 'frozen'], o.accounts.flatMap((a) => {
    const who = h('td', {}, a.name || '', ' ', h('span', { class: 'key', title: a.stark_key }, short(a.stark_key)), a.operator ? ' (operator)' : '');
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
      h('h3', {}, m.quote + ' / ' + m.base, ' ', h('span', { class: 'key' }, m.quote_type)),
      table(['side', 'price (' + m.base + ')', 'quantity'], [...levels('asks', 'ask').reverse(), ...levels('bids', 'bid')]),
      table(['order', 'side', 'owner', 'price', 'remaining'], m.orders.map((x) => h('tr', { 'data-order': x.order_id },
        h('td', {}, x.order_id), h('td', { class: x.side.toLowerCase() }, x.side), h('td', {}, short(x.owner)),
        h('td', { class: 'num' }, x.price), h('td', { class: 'num' }, x.remaining, x.token_id ? ' (#' + x.token_id + ')' : '')))));
  })));
}

function renderRecords(o) {
  $('records').replaceChildren(table(['seq', 'type', 'owner', 'to', 'asset', 'amount', 'time', 'status', 'trail'], o.records.map((r) => {
    const trail = trails.get(r.sequence_id) || [];
    return h('tr', { 'data-seq': r.sequence_id },
      h('td', {}, r.sequence_id), h('td', {}, r.type, r.order_id !== null ? ' #' + r.order_id : ''),
      h('td', {}, short(r.owner)), h('td', {}, short(r.to) || ''),
      h('td', {}, r.asset, r.token_id ? ' #' + r.token_id : ''), h('td', { class: 'num' }, r.amount),
      h('td', { class: 'key' }, r.time.replace('T', ' ').replace(/\.\d+Z$|Z$/, '')),
      h('td', { class: 'status' }, badge(r.status)),
      h('td', { class: 'trail' }, trail.map(badge)));
  })));
}

function renderTrades(o) {
  $('trades').replaceChildren(table(['seller', 'buyer', 'quantity', 'volume', 'service fee', 'marketplace fee'], o.trades.map((t) => h('tr', {},
    h('td', {}, short(t.seller)), h('td', {}, short(t.buyer)),
    h('td', { class: 'num' }, t.quantity + ' ' + t.asset + (t.token_id ? ' #' + t.token_id : '')),
    h('td', { class: 'num' }, t.volume + ' ' + t.currency), h('td', { class: 'num' }, t.service_fee), h('td', { class: 'num' }, t.marketplace_fee)))));
}

function renderMarketplaces(o) {
  $('marketplaces').replaceChildren(table(['name', 'fee rate', 'payee', 'fees collected'], o.marketplaces.map((m) => h('tr', {},
    h('td', { title: m.uuid }, m.name), h('td', { class: 'num' }, m.fee_rate), h('td', {}, short(m.payee)),
    h('td', {}, m.fees_collected.map((f) => f.amount + ' ' + f.currency).join(', ') || '0')))));
}

function renderFiles(o) {
  $('files').replaceChildren(table(['file', 'size', 'cid'], o.files.map((f) => h('tr', { class: f.removed ? 'muted' : '' },
    h('td', {}, h('a', { href: f.url, target: '_blank' }, f.filename), f.removed ? ' (removed)' : ''),
    h('td', { class: 'num' }, f.size), h('td', { class: 'key', title: f.cid }, short(f.cid))))));
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

// Events come in bursts (a batch moves many records): coalesce them into one overview read.
let queued = false;
function refreshSoon() {
  if (queued) return;
  queued = true;
  setTimeout(() => { queued = false; refresh().catch((e) => say(e.message, true)); }, 30);
}

function logEvent(e) {
  const list = $('events');
  list.prepend(h('li', { value: e.seq }, e.summary));
  while (list.children.length > 200) list.lastChild.remove();
}

function renderSnapshots() {
  $('snapshot-id').replaceChildren(...snapshots.map((id) => h('option', { value: id }, id)));
}

function live(on, text) {
  $('live').textContent = text;
  $('live').className = on ? 'on' : 'off';
}

const ON_EVENT = {
  ready: () => { live(true, 'live'); refreshSoon(); },
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
    if (e.from !== null) logEvent(e);
    refreshSoon();
  },
};

// One SSE frame: 'event:' names the handler, 'data:' lines carry the JSON; comment lines (pings) are skipped.
function dispatch(frame) {
  let event = 'message';
  const data = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length > 0 && ON_EVENT[event]) ON_EVENT[event](JSON.parse(data.join('\n')));
}

// The stream is read with fetch rather than EventSource, which cannot send the control token. After
// a drop it reconnects; the overview read on 'ready' catches up on what was missed.
async function connect() {
  for (;;) {
    try {
      const res = await fetch('/_devnet/events', { headers: authHeaders() });
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
  snapshots = snapshots.slice(0, snapshots.indexOf(id) + 1); // later snapshots are dropped by the revert
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

connect();
refresh().catch((e) => say(e.message, true));
`;
