// The state snapshot file (lowdb): the whole state image plus the journal position it includes.
import { LowSync } from 'lowdb';
import { DataFileSync } from 'lowdb/node';
import { parseExact, stringify } from '../domain/values/json.js';

export const STORE_FORMAT = 'l2-devnet/store@1';

export interface StoreData {
  format: string;
  /** Every journal line with seq <= this is already in `state`. */
  journal_seq: number;
  state: unknown;
}

/** lowdb over our exact-integer JSON; lowdb's sync file adapter writes a temp file and renames it, so a crash never leaves half a snapshot. */
export function openStore(path: string): LowSync<StoreData | null> {
  const adapter = new DataFileSync<StoreData | null>(path, { parse: (text) => parseExact(text) as StoreData, stringify: (data) => stringify(data) });
  return new LowSync<StoreData | null>(adapter, null);
}
