// The explorer's hash routes beyond the overview: #/records, #/requests, #/search/Q, #/account/KEY,
// #/record/ID, #/order/ID, #/contract/ADDR, #/file/CID. A view may refresh live and stop when left.
import { $, amount, api, badge, contractLink, enc, external, full, h, link, muted, orderLink, orderState, seqLink, short } from './dom.js';
import { side, table, tableOf, tokenId } from './dom.js';
import type { Json } from './dom.js';
import { ORDER_COLUMNS, RECORD_COLUMNS, balanceRow, fields, fillRow, journalRow, keyWithCopy, objectFields, orderRow } from './rows.js';
import { paged, panel, plainRecordRow, show, stepRow, tokenRow } from './rows.js';

interface View {
  live?: () => unknown;
  stop?: () => void;
}
let current: View | null = null;
/** Refreshes the open view, when it follows the state. */
export const refreshView = () => current?.live?.();

const PAGE = 50;
const NOTHING_FOUND = 'nothing found: try a stark key, a genesis name, a sequence or order id, a CID, a signature r or a contract address';
const HISTORY_CUT =
  'moves made before this process started (or long ago) are not kept; the first row is the record as created or as it is now';
const none = (text: string) => h('p', { class: 'muted' }, text);

/** A view that reads again as the state moves. */
async function following(load: () => Promise<void>): Promise<View> {
  await load();
  return { live: load };
}

const VIEWS: Record<string, (arg: string) => Promise<View | undefined>> = {
  async records(arg) {
    const before = /^\d+$/.test(arg) ? arg : '';
    const p = await api('GET', `/_devnet/explorer/records?limit=${PAGE}${before ? '&before=' + before : ''}`);
    const range = p.items.length ? `${p.items.at(-1).sequence_id}–${p.items[0].sequence_id} ` : '';
    const older = p.next === null ? muted('the oldest record') : h('a', { href: '#/records/' + p.next, id: 'older', rel: 'next' }, 'Older');
    const pager = h('div', { class: 'pager' }, before ? link('records', 'Newest') : null, older);
    show('Records', panel(`Records ${range}of ${p.total} (newest first)`, table(RECORD_COLUMNS, p.items.map(plainRecordRow)), pager));
    return undefined;
  },

  async search(q) {
    const r = await api('GET', '/_devnet/search?q=' + enc(q));
    if (r.hits.length === 1) return void location.replace(`#/${r.hits[0].kind}/${enc(r.hits[0].id)}`);
    const hits = r.hits.map((x: Json) => h('li', {}, link(`${x.kind}/${enc(x.id)}`, x.label)));
    show('Search', panel('Search: ' + q, r.hits.length === 0 ? none(NOTHING_FOUND) : h('ul', {}, hits)));
    return undefined;
  },

  account: (key) =>
    following(async () => {
      const read = (records: number, orders: number) =>
        api('GET', `/_devnet/explorer/accounts/${enc(key)}?limit=${PAGE}&records=${records}&orders=${orders}`);
      const a = await read(0, 0);
      const about = fields([
        ['stark key', full(a.stark_key, 'stark key')],
        ['name', a.name],
        a.operator ? ['role', 'operator (collects the service fee)'] : null,
      ]);
      const records = paged(RECORD_COLUMNS, a.records, plainRecordRow, 'records', async (n) => (await read(n, 0)).records);
      const open = paged(ORDER_COLUMNS, a.open_orders, orderRow, 'open orders', async (n) => (await read(0, n)).open_orders);
      show(
        'Account ' + (a.name || short(a.stark_key)),
        panel('Account ' + (a.name || ''), about),
        panel('Balances and NFTs', table(['asset', 'available', 'frozen', 'vault', 'asset id'], a.balances.map(balanceRow))),
        panel('Records', records),
        panel('Open orders', open),
      );
    }),

  record: (id) =>
    following(async () => {
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
      const history = table(['time (emulator)', 'move', 'by'], d.history.map(stepRow));
      show(
        'Record ' + r.sequence_id,
        panel('Record ' + r.sequence_id, about),
        panel('Status history', history, d.history_complete ? null : none(HISTORY_CUT)),
        panel('Every field (as GET /v1/record shows it)', objectFields(d.fields)),
      );
    }),

  async order(id) {
    const read = (offset: number) => api('GET', `/_devnet/explorer/orders/${enc(id)}?limit=${PAGE}&offset=${offset}`);
    const d = await read(0);
    const o = d.row;
    const f = d.fees;
    const about = fields([
      ['side', h('span', side(o.side), o.side)],
      ['state', orderState(o.state)],
      ['owner', keyWithCopy(o.owner, 'owner')],
      ['price', `${o.price} ${o.base}`],
      ['quantity', `${o.quantity} ${o.quote}${tokenId(o.token_id)}`],
      ['filled', o.filled],
      ['record', seqLink(o.order_id)],
    ]);
    const fees = fields([
      ['service fee', `${f.service_fee} ${f.currency}`],
      ['fees taken (service + marketplace)', amount(`${f.fee_taken} ${f.currency}`, f.fee_taken_quantized)],
    ]);
    const cols = ['maker', 'taker', 'price', 'quantity', 'fees', 'time'];
    show(
      'Order ' + o.order_id,
      panel('Order ' + o.order_id, about),
      panel('Fees', fees),
      panel(
        'Fills',
        paged(cols, d.fills, fillRow, 'fills', async (n) => (await read(n)).fills),
      ),
      panel('Every field (as GET /v1/order shows it)', objectFields(d.fields)),
    );
    return undefined;
  },

  async contract(address) {
    const read = (offset: number) => api('GET', `/_devnet/explorer/contracts/${enc(address)}?limit=${PAGE}&offset=${offset}`);
    const d = await read(0);
    const tokens = () => paged(['token', 'owner', 'listed'], d.tokens, tokenRow, 'tokens', async (n) => (await read(n)).tokens);
    show(
      d.symbol,
      panel(`${d.symbol} (${d.type})`, fields([['address', full(d.address, 'address')]]), objectFields(d.fields)),
      d.type === 'ETH' || d.type === 'ERC20' ? null : panel('Tokens on L2', tokens()),
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
    const form = h(
      'form',
      { class: 'row', onsubmit: (ev: Event) => ev.preventDefault() },
      h('label', {}, 'method ', h('select', { name: 'method', onchange: filter('method') }, methods)),
      input('path', 'path', 14),
      input('status', 'status', 4),
      input('error_code', 'code', 4),
      h('button', { type: 'button', onclick: () => api('DELETE', '/_devnet/requests').then(load) }, 'Clear journal'),
    );
    const cols = ['time', 'method', 'path', 'status', 'code', 'error', 'seq', 'ms'];
    show(
      'Requests',
      panel(
        "Requests (newest first, live; the page's own reads and invariant checks are not kept)",
        form,
        tableOf(cols, body, { id: 'journal' }),
        h('div', { class: 'pager' }, status, h('button', { type: 'button', onclick: more }, 'More requests')),
      ),
    );
    await load();
    const timer = setInterval(() => poll().catch(() => undefined), 1000);
    return { stop: () => clearInterval(timer) };
  },
};

/** Shows the view the location's hash names, or the overview (home) for any other hash. */
export async function route(): Promise<void> {
  current?.stop?.();
  current = null;
  const hash = location.hash.replace(/^#\/?/, '');
  const i = hash.indexOf('/');
  const view = VIEWS[i < 0 ? hash : hash.slice(0, i)];
  $('home').hidden = view !== undefined;
  $('view').hidden = view === undefined;
  if (view === undefined) return void (document.title = 'l2-devnet explorer');
  $('view').replaceChildren(h('p', { class: 'muted' }, 'loading…'));
  const notFound = (e: Error) => void show('Not found', panel('Not found', h('p', { class: 'err' }, e.message)));
  current = (await view(i < 0 ? '' : decodeURIComponent(hash.slice(i + 1))).catch(notFound)) ?? null;
}
