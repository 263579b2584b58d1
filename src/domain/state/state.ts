// The whole emulator state as plain data: everything that determines future behaviour lives here. Its
// fields are declared once, in fields.ts; this module makes an empty one and names its types.
import * as v from 'valibot';
import { TOKEN_TYPES } from './kinds.js';
import type { TokenType } from './kinds.js';
import { STATE_FIELDS } from './fields.js';
import type { Field } from './members.js';
import type { UndoLog } from './undo.js';

export { RECORD_TYPES, RecordStatus, TOKEN_TYPES } from './kinds.js';
export type { RecordType, TokenType } from './kinds.js';
export type { Asset, Contract, LedgerRecord, Marketplace, Project, Rate, StoredFile, TokenMetadata } from './entities.js';
export { FIRST_VAULT_ID, SETTLEMENT_MODES, STATE_FIELDS } from './fields.js';
export type { Account, Balance, L1Origin, NamedAccount, SettlementMode, StorageIndex } from './fields.js';
export type { Holdings, ListIndexes, RecordLists, StorageEntry, StorageList } from './indexes.js';
export { newListIndexes } from './indexes.js';

export const TOKEN_TYPE = v.pipe(v.picklist(TOKEN_TYPES), v.description('token standard'));

export const isMintableType = (type: TokenType): boolean => type === 'ERC721M' || type === 'ERC721MC';
export const isNftType = (type: TokenType): boolean => type === 'ERC721' || isMintableType(type);

type Fields = typeof STATE_FIELDS;
/** The state's data: one member per declared field, of the type its declaration makes. */
export type StateData = { [K in keyof Fields]: Fields[K] extends Field<infer T> ? T : never };

/** A state holding nothing, its maps and sets tracked by `undo`: a genesis, or a dump being loaded, fills it. */
export function emptyState(undo: UndoLog): StateData {
  // Made whole by Object.fromEntries: properties added one by one under computed names would leave
  // the object in V8's dictionary mode past a dozen of them, and every read of a field slower.
  const fields = Object.entries(STATE_FIELDS) as [string, Field<unknown>][];
  return Object.fromEntries(fields.map(([name, field]) => [name, field.empty(undo)])) as StateData;
}

export interface State extends StateData {
  /** Set for one command while someone listens for events: its record status moves, in order (a trace, not state). */
  statusMoves?: StatusMove[] | undefined;
}

/** One record appearing (`from` null) or moving along the transitions table. */
export interface StatusMove {
  sequenceId: number;
  from: number | null;
  to: number;
}

export const ETH_KEY = 'eth';
