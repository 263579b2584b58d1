// The explorer page's small DOM kit: elements built with textContent (no HTML injection), links for
// every key, id and CID, display amounts, and the fetch of the page's reads and control calls.
import { ORDER_STATES } from '../../domain/state/orders.js';

/** A read's answer: its shape is declared by the server (the schemas beside src/explorer/views.ts, overview.ts, journal.ts). */
// biome-ignore lint/suspicious/noExplicitAny: the reads are checked against their schemas server-side, not restated here
export type Json = Record<string, any>;
export type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown>;

/** A record status (RecordStatus, 0 to 6) in words. */
export const STATUS: readonly string[] = ['submitted', 'accepted', 'failed', 'on L2', 'rejected on L2', 'rolled back', 'on L1'];
const ORDER_STATE: Record<number, string> = Object.fromEntries(
  Object.entries(ORDER_STATES).map(([name, n]) => [n, name.replace(/[A-Z]/g, (c) => ' ' + c.toLowerCase())]),
);
export const orderState = (state: number) => ORDER_STATE[state] ?? String(state);
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
export const value = (id: string): string => $<HTMLInputElement>(id).value.trim();
// Under /ns/{name}/ the page shows that namespace: every call it makes goes under the same prefix.
export const NS_PREFIX = (/^\/ns\/[a-z0-9][a-z0-9_-]*/.exec(location.pathname) ?? [''])[0];
/** Genesis names by stark key (from the overview): an account shows its name wherever it appears. */
export const names = new Map<string, string>();

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
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
export const td = (attrs: Attrs, ...c: Child[]) => h('td', attrs, ...c);
export const num = (...c: Child[]) => td({ class: 'num' }, ...c);
export const muted = (...c: Child[]) => h('span', { class: 'muted' }, ...c);
export const keyText = (...c: Child[]) => h('span', { class: 'key' }, ...c);
const cell = (c: Child) => (c instanceof HTMLTableCellElement ? c : td({}, c));
/** A table row: each argument is a cell (one that is not a <td> yet is put in one). */
export const tr = (attrs: Attrs, ...cells: Child[]) => h('tr', attrs, cells.map(cell));
const th = (title: string) => h('th', { scope: 'col' }, title);
export const tableOf = (cols: string[], body: HTMLElement, attrs = {}) =>
  h('div', { class: 'scroll' }, h('table', attrs, h('thead', {}, h('tr', {}, cols.map(th))), body));
export const table = (cols: string[], rows: HTMLElement[]) =>
  rows.length === 0 ? h('p', { class: 'muted' }, 'none') : tableOf(cols, h('tbody', {}, rows));
export const badge = (status: number) => h('span', { class: `badge s${status}`, 'data-status': status }, STATUS[status] ?? String(status));
export const short = (key: string) => (key.length > 14 ? key.slice(0, 8) + '…' + key.slice(-4) : key);
export const isKey = (s: string): boolean => /^0x[0-9a-f]{41,}$/i.test(s);
export const enc = encodeURIComponent;
export const when = (t: string) => t.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
export const tokenId = (id?: string | null) => (id ? ' #' + id : '');
export const link = (hash: string, text: Child, title?: string) => h('a', { href: '#/' + hash, title }, text);
export const external = (href: string, text: string) => h('a', { href, target: '_blank', rel: 'noopener' }, text);
export const contractLink = (address: string, symbol: string, id?: string) => [link('contract/' + enc(address), symbol), tokenId(id)];
export const side = (s: string) => ({ class: s.toLowerCase() });

/** A stark key or a genesis name: both open the account page, shown by name when it has one. */
export function acct(who: string | null, name?: string | null): Child {
  if (who === null || who === undefined) return '';
  if (!isKey(who) && !/^[A-Za-z][\w-]*$/.test(who)) return h('span', { class: 'key', title: who }, short(who));
  return link('account/' + enc(who), name ?? names.get(who) ?? short(who), isKey(who) ? who : undefined);
}
export const seqLink = (id: number) => link('record/' + id, String(id));
export const orderLink = (id: number) => link('order/' + id, '#' + id, 'order ' + id);

export function copyButton(text: string, what: string): HTMLElement {
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
export const full = (text: string, what: string) => h('span', {}, keyText(text), copyButton(text, what));
/** Display units, with the quantized amount on hover. */
export const amount = (display: string, quantized: string) => h('span', { title: 'quantized: ' + quantized }, display);

export function say(text: string, isError = false): void {
  $('msg').textContent = text;
  $('msg').className = isError ? 'err' : '';
}
export const sayError = (e: Error) => say(e.message, true);

// With --control-token every control call needs it: the page takes it from its own #token=... (a
// fragment never reaches the server or its logs) and keeps it for this tab only.
const TOKEN_KEY = 'l2-devnet-control-token';
const fragment = /(?:^#|&)token=([^&]*)/.exec(location.hash);
if (fragment) {
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(fragment[1]!));
  history.replaceState(null, '', location.pathname + location.search);
}
export function authHeaders(): Record<string, string> {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { authorization: 'Bearer ' + token } : {};
}
export const LOCKED = 'the control plane needs its token (--control-token): open this page as /#token=YOUR_TOKEN';

export async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const headers = body === undefined ? authHeaders() : { 'content-type': 'application/json', ...authHeaders() };
  const res = await fetch(NS_PREFIX + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  if (res.status === 401) throw new Error(LOCKED);
  const data = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok || data?.status === 'FAILED') throw new Error(data?.error ?? 'HTTP ' + res.status);
  return data ?? {};
}
