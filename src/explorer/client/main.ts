// The explorer's browser module (no framework), bundled by esbuild at build (assets.ts): renders
// /_devnet/overview, follows /_devnet/events (the history held on first open, then live, resuming
// with Last-Event-ID) and drives the control plane; views.ts shows the detail pages (hash routes).
import type { DevnetEvent } from '../../core/events.js';
import { $, acct, api, authHeaders, enc, external, h, LOCKED, link, names, NS_PREFIX, num, orderLink, say, sayError } from './dom.js';
import { STATUS, seqLink, short, side, table, td, tokenId, tr, value, when } from './dom.js';
import type { Child, Json } from './dom.js';
import { RECORD_COLUMNS, recordRow } from './rows.js';
import { refreshView, route } from './views.js';

/** Status moves seen live, per record: the overview has only the current status. */
const trails = new Map<number, number[]>();
let snapshots: string[] = [];
let pruneTrails = false;

// ---- the overview ----

function accountRows(a: Json): HTMLElement[] {
  const who = td({}, acct(a.stark_key, a.name), a.operator ? ' (operator)' : '');
  if (a.balances.length === 0) return [tr({}, who, td({ class: 'muted' }, 'empty'), '', '')];
  const attrs = { 'data-account': a.name || a.stark_key };
  const row = (b: Json, i: number) =>
    tr(attrs, i === 0 ? who : '', [b.symbol, tokenId(b.token_id)], num(b.available), num(b.frozen === '0' ? '' : b.frozen));
  return a.balances.map(row);
}
const accountOption = (a: Json) => h('option', { value: a.stark_key }, a.name || short(a.stark_key));

function renderAccounts(o: Json): void {
  for (const a of o.accounts) if (a.name) names.set(a.stark_key, a.name);
  $('accounts').replaceChildren(table(['account', 'asset', 'available', 'frozen'], o.accounts.flatMap(accountRows)));
  const select = $<HTMLSelectElement>('deposit-account');
  const chosen = select.value;
  select.replaceChildren(...o.accounts.map(accountOption));
  if (chosen) select.value = chosen;
}

const bookOrder = (x: Json) =>
  tr(
    { 'data-order': x.order_id },
    orderLink(x.order_id),
    td(side(x.side), x.side),
    acct(x.owner),
    num(x.price),
    num(x.remaining, x.token_id ? ` (#${x.token_id})` : ''),
  );
function book(m: Json): HTMLElement {
  const levels = (s: 'asks' | 'bids') =>
    (m.depth[s] ?? []).map(([price, qty]: string[]) => tr({ class: s.slice(0, 3) }, s.slice(0, 3), num(price), num(qty)));
  const title = h(
    'h3',
    {},
    link('contract/' + enc(m.quote_contract), m.quote),
    ' / ' + m.base,
    ' ',
    h('span', { class: 'key muted' }, m.quote_type),
  );
  const depth = table(['side', `price (${m.base})`, 'quantity'], [...levels('asks').reverse(), ...levels('bids')]);
  return h('div', { class: 'book' }, title, depth, table(['order', 'side', 'owner', 'price', 'remaining'], m.orders.map(bookOrder)));
}

const trailRow = (r: Json) => recordRow(r, trails.get(r.sequence_id) ?? []);
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
const fees = (m: Json) => m.fees_collected.map((f: Json) => `${f.amount} ${f.currency}`).join(', ') || '0';
const marketplace = (m: Json) => tr({}, td({ title: m.uuid }, m.name), num(m.fee_rate), acct(m.payee), fees(m));
const file = (f: Json) =>
  tr(
    { class: f.removed ? 'muted' : '' },
    [external(f.url, f.filename), f.removed ? ' (removed)' : ''],
    num(f.size),
    td({ class: 'key' }, link('file/' + enc(f.cid), short(f.cid), f.cid)),
  );

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
  $('records').replaceChildren(table([...RECORD_COLUMNS, 'trail'], o.records.map(trailRow)));
  $('trades').replaceChildren(table(['seller', 'buyer', 'quantity', 'volume', 'service fee', 'marketplace fee'], o.trades.map(trade)));
  $('marketplaces').replaceChildren(table(['name', 'fee rate', 'payee', 'fees collected'], o.marketplaces.map(marketplace)));
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
    refreshView();
  }, 30);
}

window.addEventListener('hashchange', route);

$('search').addEventListener('submit', (ev) => {
  ev.preventDefault();
  if (value('q')) location.hash = '#/search/' + enc(value('q'));
});
const typing = (t: EventTarget | null) =>
  t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
document.addEventListener('keydown', (ev) => {
  if (ev.key !== '/' || typing(ev.target)) return;
  ev.preventDefault();
  $('q').focus();
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
