// GET /_devnet/search: what the explorer's search box finds, each hit naming the detail page it opens.
import * as v from 'valibot';
import { findContract } from '../domain/catalog/contracts.js';
import type { State } from '../domain/state/state.js';
import { readHex, toHex } from '../domain/values/hex.js';
import { text } from '../domain/values/wire.js';
import { RECORD_TYPE_NAMES, who } from './rows.js';
import { fileByCid } from './views.js';

/** One search hit: what it is, its id (the hash route is `#/{kind}/{id}`), a line for people. */
const SEARCH_HIT = v.strictObject({
  kind: v.picklist(['account', 'record', 'order', 'contract', 'file']),
  id: text('the id of the detail page (#/{kind}/{id})'),
  label: text(),
});
type SearchHit = v.InferOutput<typeof SEARCH_HIT>;
export const SEARCH = v.pipe(v.strictObject({ query: text('what was searched'), hits: v.array(SEARCH_HIT) }), v.title('SearchResult'));

/** `GET /_devnet/search?q=`: a stark key (or a genesis name), a sequence id or order id, a CID, a signature's r, a contract address. */
export function search(state: State, raw: string): SearchHit[] {
  const q = raw.trim();
  const hits: SearchHit[] = [];
  if (q === '') return hits;
  if (/^\d{1,15}$/.test(q)) {
    const id = Number(q);
    const r = state.records.get(id);
    if (r) hits.push({ kind: 'record', id: q, label: `record ${id}: ${RECORD_TYPE_NAMES[r.type]}, status ${r.status}` });
    const o = state.orders.get(id);
    if (o)
      hits.push({
        kind: 'order',
        id: q,
        label: `order ${id}: ${o.direction === 0 ? 'ASK' : 'BID'}, ${['placed', 'cancelled', 'filled', 'partially filled'][o.state] ?? `state ${o.state}`}`,
      });
  }
  const named = state.namedAccounts.find((a) => a.name.toLowerCase() === q.toLowerCase());
  if (named) hits.push({ kind: 'account', id: named.starkKey, label: `account ${named.name}` });
  const parsed = readHex(q, true);
  const hex = parsed === undefined ? undefined : toHex(parsed);
  if (hex !== undefined) {
    if (state.accounts.has(hex) && !named) hits.push({ kind: 'account', id: hex, label: `account ${who(state, hex)}` });
    for (const key of state.signaturesByR.get(hex) ?? []) {
      for (const seq of state.signatures.get(key) ?? [])
        hits.push({ kind: 'record', id: String(seq), label: `record ${seq} signed with r = ${hex}` });
    }
  }
  const c = /^0x[0-9a-f]{1,40}$/i.test(q) || q.toLowerCase() === 'eth' ? findContract(state, hex === undefined ? 'eth' : q) : undefined;
  if (c) hits.push({ kind: 'contract', id: c.address, label: `contract ${c.symbol} (${c.type})` });
  if (/^[a-z2-7]{20,}$|^Qm[1-9A-HJ-NP-Za-km-z]{44}$|^b[a-z2-7]{20,}$/.test(q)) {
    const f = fileByCid(state, q);
    if (f) hits.push({ kind: 'file', id: f.cid, label: `file ${f.filename} (${f.size} bytes)` });
  }
  return hits.slice(0, 50);
}
