// Rebuilds a State from a dump (`GET /_devnet/state`): read line by line in the layout the dump is
// written in, or whole in any other (bounded); either way each value and item is checked against the
// schema, built, and must be written back exactly as it was given.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { JsonSyntaxError, parseQuotingBigIntegers, stringify } from '../values/json.js';
import { DUMP_MEMBERS, FORMAT_2, isItemsMember, MEMBERS, OPTIONAL_MEMBERS, STATE_FORMAT } from './dump-schema.js';
import type { ItemsMemberName as ItemsMember } from './dump-schema.js';
import type { Sha256Text, TextHash } from './dump.js';
import type { State } from '../state/state.js';
import { areWrittenItems } from './written-items.js';
import { checkDepth, loadDocument, Loading } from './loading.js';

/**
 * Loads a dump given as a value (dumpState's object, or a parsed document; bigints allowed): checked
 * as any other layout is. So a dump either loads as it was written or fails with a reason.
 */
export function loadState(dump: unknown): State {
  checkDepth(dump);
  if (dump === null || typeof dump !== 'object' || Array.isArray(dump)) return loadDocument(dump);
  return loadDocument(parseQuotingBigIntegers(stringify(dump)));
}

/** Characters a reader holds at most: one line of the dump's layout, or a whole document in another. */
export interface LoadLimits {
  maxLine: number;
  maxWhole: number;
}

/** Item lines read in one batch at most. */
const BATCH = 1024;

/** The first line of a dump in the current layout. */
const FIRST_LINE = `{"format":${JSON.stringify(STATE_FORMAT)},`;
/** What a document in another layout must open with. */
const OPENS_WITH_FORMAT = /^\{\s*"format"\s*:/;

/**
 * A push reader of a dump: feed it the text in pieces of any size, then end() gives the State. The
 * first bytes decide: text that is not an object is refused (401) at once, an object whose first
 * member is not "format" too (19); the layout GET /_devnet/state writes is read line by line, each
 * line parsed alone (JSON.parse) and loaded, holding at most one line (`maxLine`); any other layout
 * (an older dump, a reformatted one) is held whole, up to `maxWhole`, and parsed at the end. Text that is
 * not JSON throws JsonSyntaxError (naming the line); every other refusal is a DevnetError.
 */
export class StateReader {
  private mode: 'head' | 'lines' | 'whole' = 'head';
  private head = '';
  /** The pieces of the line being read (lines), or of the whole text (whole), and their length. */
  private pieces: string[] = [];
  private held = 0;
  private readonly loading = new Loading();
  /** Lines read; the index in DUMP_MEMBERS of the next member; the items member open, and its items read. */
  private line = 0;
  private next = 0;
  private items: ItemsMember | null = null;
  private index = 0;
  /** The line before ended with a comma: another member or item follows. */
  private more = true;
  private closed = false;
  /** An optional member was written empty: the text is not exactly the state's dump. */
  private inexact = false;
  /** The text's hash, while it may be exactly what the loaded state dumps (its state hash then). */
  private hash: TextHash | null;
  private hashed: string | undefined;

  constructor(
    private readonly limits: LoadLimits = { maxLine: Infinity, maxWhole: Infinity },
    sha256Of?: Sha256Text,
  ) {
    this.hash = sha256Of ? sha256Of() : null;
  }

  /** After end(): the loaded state's hash when the text was exactly its dump, else undefined (hash the state). */
  textHash(): string | undefined {
    return this.hashed;
  }

  feed(text: string): void {
    if (text === '') return;
    this.hash?.update(text);
    if (this.mode === 'head') {
      this.head += text;
      text = this.decide(false);
    }
    if (this.mode === 'whole') this.hold(text);
    else if (this.mode === 'lines') this.lines(text);
  }

  end(): State {
    if (this.mode === 'head') this.hold(this.decide(true));
    if (this.mode === 'whole') {
      const text = this.pieces.join('');
      this.pieces = [];
      const dump = parseQuotingBigIntegers(text);
      checkDepth(dump);
      return loadDocument(dump);
    }
    const last = this.pieces.join('');
    const exact = !this.closed && last === '}' && !this.inexact;
    if (last !== '' || !this.closed) this.onLine(last);
    const state = this.loading.end();
    if (exact && this.hash !== null) this.hashed = this.hash.digest();
    return state;
  }

  /** Takes the mode from the text's start once it is known; returns the text left for that mode. */
  private decide(atEnd: boolean): string {
    const head = this.head;
    const start = head.trimStart();
    if (start === '') {
      if (atEnd) fail(ErrorCode.FailedToJSONUnmarshal, 'state dump is empty: send the text of GET /_devnet/state');
      this.head = '';
      this.hash = null;
      return '';
    }
    if (start.charCodeAt(0) !== 123)
      fail(
        ErrorCode.FailedToJSONUnmarshal,
        `a state dump must be a JSON object whose first member is "format" (from GET /_devnet/state); this body starts with ${JSON.stringify(echo(start.slice(0, 16)))}`,
      );
    if (head.startsWith(FIRST_LINE + '\n')) {
      this.mode = 'lines';
      this.head = '';
      this.line = 1;
      this.next = 1;
      this.loading.member('format', STATE_FORMAT, JSON.stringify(STATE_FORMAT));
      return head.slice(FIRST_LINE.length + 1);
    }
    // Too little to tell yet (a piece may end anywhere).
    if (!atEnd && start.length < 64) return '';
    if (!OPENS_WITH_FORMAT.test(start))
      fail(
        ErrorCode.InvalidParam,
        'not an l2-devnet state dump: a state dump is a JSON object whose first member is "format" (from GET /_devnet/state)',
      );
    this.mode = 'whole';
    this.hash = null;
    this.head = '';
    return head;
  }

  /** Whole mode: holds the text, up to maxWhole. */
  private hold(text: string): void {
    if (text === '') return;
    this.held += text.length;
    if (this.held > this.limits.maxWhole) {
      fail(
        ErrorCode.InvalidParam,
        `this state dump is not laid out one item per line as GET /_devnet/state writes it (format "${STATE_FORMAT}"), and is larger than ${this.limits.maxWhole} characters, ` +
          `the most read whole. An older dump ("${FORMAT_2}") that large: load it into an l2-devnet started with --max-body-bytes above its size, then GET /_devnet/state writes it in the current layout`,
      );
    }
    this.pieces.push(text);
  }

  /** Lines mode: each complete line is loaded; the rest is held, up to maxLine. */
  private lines(text: string): void {
    let from = 0;
    for (;;) {
      if (this.items !== null && this.more && this.pieces.length === 0) from = this.itemLines(text, from);
      const nl = text.indexOf('\n', from);
      const piece = nl < 0 ? text.slice(from) : text.slice(from, nl);
      this.held += piece.length;
      if (this.held > this.limits.maxLine)
        fail(
          ErrorCode.InvalidParam,
          `malformed state dump: line ${this.line + 1} is longer than ${this.limits.maxLine} characters, the most read as one line`,
        );
      if (nl < 0) {
        if (piece !== '') this.pieces.push(piece);
        return;
      }
      let line = piece;
      if (this.pieces.length > 0) {
        this.pieces.push(piece);
        line = this.pieces.join('');
        this.pieces = [];
      }
      this.held = 0;
      this.onLine(line);
      from = nl + 1;
    }
  }

  /** Where each line of the batch itemLines reads starts and ends (before its comma). */
  private readonly bounds: number[] = [];

  /**
   * The item lines complete in `text` from `from` (up to a batch of them), read at once: one JSON.parse
   * of them joined in an array, and built straight away when each is written exactly as the dump writes
   * it (areWrittenItems); else each line is read on its own as any line is, so a refusal is the same.
   * Returns where the line after them starts.
   */
  private itemLines(text: string, from: number): number {
    const bounds = this.bounds;
    bounds.length = 0;
    let at = from;
    let comma = true;
    while (comma && bounds.length < 2 * BATCH) {
      const nl = text.indexOf('\n', at);
      // A line too long, or one closing the array, is left to the line-by-line reading.
      if (nl < 0 || nl - at > this.limits.maxLine || text.charCodeAt(at) === 93) break;
      comma = nl > at && text.charCodeAt(nl - 1) === 44;
      bounds.push(at, comma ? nl - 1 : nl);
      at = nl + 1;
    }
    if (bounds.length === 0) return from;
    const key = this.items!;
    let values: unknown;
    try {
      values = JSON.parse(`[${text.slice(from, bounds[bounds.length - 1])}]`);
    } catch {
      values = null;
    }
    if (Array.isArray(values) && areWrittenItems(key, values, text, bounds)) {
      this.line += values.length;
      this.index += values.length;
      this.more = comma;
      this.loading.writtenItems(key, values);
    } else {
      for (let i = 0; i < bounds.length; i += 2) this.onLine(text.slice(bounds[i], i + 2 < bounds.length ? bounds[i + 2]! - 1 : at - 1));
    }
    return at;
  }

  private layout(line: string): never {
    fail(
      ErrorCode.InvalidParam,
      `malformed state dump: line ${this.line} is not laid out as GET /_devnet/state writes it (one member or item per line): ${JSON.stringify(echo(line.slice(0, 80)))}`,
    );
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new JsonSyntaxError(`line ${this.line}: ${(e as Error).message}`);
    }
  }

  private onLine(line: string): void {
    this.line++;
    if (this.closed) this.layout(line);
    const comma = line.endsWith(',');
    const text = comma ? line.slice(0, -1) : line;
    if (this.items !== null) {
      if (text === ']') {
        if (this.more) this.layout(line);
        this.items = null;
      } else {
        if (!this.more) this.layout(line);
        this.loading.item(this.items, this.index++, this.parse(text), text);
      }
      this.more = comma;
      return;
    }
    if (line === '}') {
      const missing = DUMP_MEMBERS.slice(this.next).find((k) => !OPTIONAL_MEMBERS.has(k));
      if (this.more || missing !== undefined) {
        if (!this.more) fail(ErrorCode.InvalidParam, `malformed state dump: missing field ${missing}`);
        this.layout(line);
      }
      this.closed = true;
      return;
    }
    const colon = line.indexOf('":');
    if (!this.more || line.charCodeAt(0) !== 34 || colon < 0) this.layout(line);
    const key = line.slice(1, colon);
    // An optional member the dump leaves out (written only when it holds something) is skipped.
    while (key !== DUMP_MEMBERS[this.next] && OPTIONAL_MEMBERS.has(DUMP_MEMBERS[this.next]!)) this.next++;
    const expected = DUMP_MEMBERS[this.next];
    if (key !== expected) {
      if (!(key in MEMBERS)) fail(ErrorCode.InvalidParam, `malformed state dump: unexpected field ${echo(key)}`);
      fail(
        ErrorCode.InvalidParam,
        expected === undefined
          ? `malformed state dump: field ${key} appears twice`
          : `malformed state dump: line ${this.line} holds field ${key} where ${expected} is written (missing, or out of order)`,
      );
    }
    this.next++;
    const value = text.slice(colon + 2);
    this.more = comma;
    if (isItemsMember(key)) {
      if (line.slice(colon + 2) === '[') {
        this.items = key;
        this.index = 0;
        this.more = true;
      } else if (value === '[]') {
        this.loading.empty(key);
        // Written out though empty: not the text GET /_devnet/state writes, so its hash is not the state's.
        if (OPTIONAL_MEMBERS.has(key)) this.inexact = true;
      } else this.layout(line);
      return;
    }
    this.loading.member(key, this.parse(value), value);
  }
}
