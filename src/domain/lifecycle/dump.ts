// A canonical, versioned plain-JSON image of the state: the basis of the state hash (and of saved state).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { stringify } from '../values/json.js';
import type { State } from '../state/state.js';
import { AS_HELD } from '../state/members.js';
import { type Member, MEMBER_LIST, type MemberName, STATE_FORMAT } from './dump-schema.js';

export { STATE_FORMAT } from './dump-schema.js';

/** The value of a member of `state` (an items member's as its items, written one at a time). */
function written(state: State, m: Member): unknown {
  const value = (state as unknown as Record<string, unknown>)[m.field];
  if (m.kind === 'value') return m.write(value);
  const { entries, write } = m;
  if (write === AS_HELD) return entries(value);
  return (function* () {
    for (const e of entries(value)) yield write(e);
  })();
}

/** The members a dump of `state` writes, in order (after "format"): an optional member only when it holds something. */
function writtenMembers(state: State): Member[] {
  return MEMBER_LIST.filter((m) => {
    if (m.kind !== 'items' || !m.optional) return true;
    const value = (state as unknown as Record<string, unknown>)[m.field];
    for (const _ of m.entries(value)) return true;
    return false;
  });
}

/** Maps become entry arrays in insertion order (itself determined by the request sequence); bigints stay bigints. */
export function dumpState(state: State): Record<string, unknown> {
  const out: Record<string, unknown> = { format: STATE_FORMAT };
  for (const m of writtenMembers(state))
    out[m.name] = m.kind === 'items' ? [...(written(state, m) as Iterable<unknown>)] : written(state, m);
  return out;
}

/** The text of each member that is not an items member, as dumpChunks writes it. */
export function* valueMemberTexts(state: State): Generator<[MemberName, string]> {
  for (const m of MEMBER_LIST) if (m.kind === 'value') yield [m.name, stringify(written(state, m), true)];
}

/** Pieces of about this many characters. */
const CHUNK = 1 << 16;

/**
 * The dump's text, in pieces of about 64 KiB: one JSON object laid out one item per line. Each member
 * opens a line (`"clock":{...},`); an items member with items opens with `"records":[` and has each
 * item on a line of its own (`{...},`, the last without the comma), then `],`; without items it is
 * `"records":[],`. The first line is `{"format":"l2-devnet/state@3",`, the last `}` (no newline after).
 * Integers past 2^53 are strings of digits. Items are written one at a time from the live maps, so a
 * dump of any size needs neither a single string nor a copy of the state. The state must not change
 * while the pieces are taken (callers take them all in one synchronous run).
 */
export function* dumpChunks(state: State): Generator<string> {
  let out = `{"format":${JSON.stringify(STATE_FORMAT)},`;
  const members = writtenMembers(state);
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    out += '\n' + JSON.stringify(m.name) + ':';
    if (m.kind === 'items') {
      let first = true;
      for (const item of written(state, m) as Iterable<unknown>) {
        out += (first ? '[\n' : ',\n') + stringify(item, true);
        first = false;
        if (out.length >= CHUNK) {
          yield out;
          out = '';
        }
      }
      out += first ? '[]' : '\n]';
    } else out += stringify(written(state, m), true);
    if (i < members.length - 1) out += ',';
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out + '\n}';
}

/** A sha256 of text (as UTF-8) given in pieces, as 0x hex. */
export interface TextHash {
  update(text: string): void;
  digest(): string;
}

/** Starts a TextHash. A host may give a native one: the hash of a big state is mostly this. */
export type Sha256Text = () => TextHash;

/** The portable Sha256Text (@noble/hashes). */
export const sha256Text: Sha256Text = () => {
  const h = sha256.create();
  return { update: (text) => void h.update(utf8ToBytes(text)), digest: () => '0x' + bytesToHex(h.digest()) };
};

/** sha256 of the canonical state image, 0x hex: equal hashes mean equal states. Streamed: no string of the whole image. */
export function stateHash(state: State, sha256Of: Sha256Text = sha256Text): string {
  const h = sha256Of();
  for (const chunk of dumpChunks(state)) h.update(chunk);
  return h.digest();
}
