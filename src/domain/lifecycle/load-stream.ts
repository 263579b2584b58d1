// Loads a dump of any size from its text in pieces: items are parsed and built one at a time, the text is never whole.
import { ErrorCode, fail } from '../values/errors.js';
import { sameWritten, stringify } from '../values/json.js';
import { DUMP_MEMBERS, STATE_FORMAT, valueMemberTexts } from './dump.js';
import type { Sha256Text, TextHash } from './dump.js';
import { MAX_DEPTH, checkFormat, checkGuarantees } from './load.js';
import { ARRAY_MEMBERS, StateBuilder } from './state-builder.js';
import { FLAT_ITEMS } from './dump-shape.js';
import type { FlatField } from './dump-shape.js';
import { IdTemplate, ItemTemplate } from './item-template.js';
import type { Template } from './item-template.js';
import type { State } from '../state/state.js';
import { ValueScanner } from './value-scanner.js';

/** String.prototype.isWellFormed (Node 20; not in the ES2022 lib): false when a lone surrogate would be written as an escape. */
type WellFormed = string & { isWellFormed(): boolean };

/** The text an item is compared by: as given when it holds no whitespace (a dump as written), else rewritten. */
const SPACE = /[ \n\r\t]/;
function itemText(raw: string, value: unknown): string {
  return SPACE.test(raw) ? stringify(value) : raw;
}

/** Members whose items are ids (dumped ascending). */
const ID_LISTS: ReadonlySet<string> = new Set(['pending_l2', 'pending_l1', 'open_orders']);

type Phase = 'start' | 'key' | 'keyOrEnd' | 'colon' | 'value' | 'itemOrEnd' | 'item' | 'afterItem' | 'afterMember' | 'done';

/**
 * A push parser for a dump: feed it the text in pieces of any size, then end() gives the State. It
 * knows the dump's outer shape (one object whose array members hold items), finds where each item
 * ends, and parses that item alone (JSON.parse, or the exact parser past 2^53: value-scanner.ts). Items written as the
 * member's first one was (flat records, orders, trades...; ids) are read by a template instead
 * (item-template.ts). Refusals are DevnetErrors with code 19; text that is not JSON throws
 * JsonSyntaxError with its position in the whole text. Checks as loadState does: the format first,
 * each member once, nothing missing or foreign, each item as the dump would write the entry built
 * from it (written exactly so, or pretty-printed: see the item phase), and every guarantee.
 */
export class DumpReader extends ValueScanner {
  private phase: Phase = 'start';
  private first = true;
  private readonly builder = new StateBuilder();
  /** The texts of the members that are not arrays of items, compared once the state is built. */
  private readonly values = new Map<string, string>();
  /** Items read so far in the current array member. */
  private index = 0;
  /**
   * The hash of the text read so far, while it is exactly the text dumpChunks writes of the state being
   * built (null once it is not, or when no hash was asked for): then it is that state's hash, and the
   * loaded state need not be dumped again to answer it.
   */
  private hash: TextHash | null;
  /** Members read so far: as written, they come in DUMP_MEMBERS's order. */
  private members = 0;
  private hashed: string | undefined;
  /** The array member being read: the tests of its items when they are flat, and the template learned from the first. */
  private flat: ReadonlyMap<string, FlatField> | undefined;
  private template: Template | null = null;

  /** `sha256Of`: hash the text as it is read, for textHash(). */
  constructor(sha256Of?: Sha256Text) {
    super();
    this.hash = sha256Of ? sha256Of() : null;
  }

  /**
   * After end(): the loaded state's hash when the text was exactly what the state dumps (no whitespace,
   * members in order, each value and item as the dump writes it: what end() checked item by item, so
   * the text is the state's image), else undefined (hash the state).
   */
  textHash(): string | undefined {
    return this.hashed;
  }

  /**
   * Builds an item compared by value: the entry built, as the dump writes it, against the item as
   * parsed (a repeated key shows as fewer members than colons). `templated`: read by the template,
   * whose items have exactly its keys, once each.
   */
  private loadItem(item: unknown, templated: boolean): void {
    const t = this.template;
    const built = this.build(item, templated ? t : null);
    if (templated ? !t!.written(built, item) : sameWritten(built, item) !== this.colons) this.notAsWritten();
    this.index++;
    this.phase = 'afterItem';
  }

  /** Builds an item: by the template that read it (which reads only items that pass checkItem's tests), or in full. */
  private build(item: unknown, template: Template | null = null): unknown {
    try {
      return template !== null ? template.build(item) : this.builder.item(this.key, item);
    } catch (e) {
      fail(ErrorCode.InvalidParam, `malformed state dump: ${(e as Error).message}`);
    }
  }

  /** Adds a checked item of member `key` (for its templates). */
  private adder(key: string): (item: unknown) => unknown {
    return (item) => this.builder.item(key, item, true);
  }

  private notAsWritten(): never {
    fail(ErrorCode.InvalidParam, `malformed state dump: ${this.key}[${this.index}] does not load as written (a value of the wrong type, or a field too many or too few)`);
  }

  /** The text read is not the image of the state it builds (whitespace, an older format, a spelling). */
  protected override inexact(): void {
    this.hash = null;
  }

  feed(text: string): void {
    this.hash?.update(text);
    this.buf = text;
    this.pos = 0;
    this.backslash = -1;
    if (this.pending !== null) {
      this.valueStart = 0;
      this.scan = 0;
    }
    this.run();
    // The buffer ran out: keep only the part of a value that continues in the next piece.
    if (this.valueStart >= 0) {
      (this.pending ??= []).push(this.buf.slice(this.valueStart));
      this.valueStart = -1;
    }
    this.base += this.buf.length;
    this.buf = '';
    this.pos = 0;
  }

  end(): State {
    if (this.phase !== 'done') this.syntax('Unexpected end of JSON input', this.base);
    let state: State;
    try {
      state = this.builder.build();
    } catch (e) {
      fail(ErrorCode.InvalidParam, `malformed state dump: ${(e as Error).message}`);
    }
    for (const [key, text] of valueMemberTexts(state)) {
      if (key === 'format') continue; // checked first, and an older one is read as the current one
      if (this.values.get(key) !== text) fail(ErrorCode.InvalidParam, `malformed state dump: field ${key} does not load as written (a value of the wrong type, or a field too many or too few)`);
    }
    checkGuarantees(state);
    if (this.hash !== null && this.members === DUMP_MEMBERS.length) this.hashed = this.hash.digest();
    return state;
  }

  private run(): void {
    const b = (): string => this.buf;
    for (;;) {
      switch (this.phase) {
        case 'start':
          if (!this.space()) return;
          if (b().charCodeAt(this.pos) !== 123) fail(ErrorCode.InvalidParam, 'a state dump must be a JSON object (from GET /_devnet/state)');
          this.pos++;
          this.phase = 'keyOrEnd';
          continue;
        case 'keyOrEnd':
        case 'key': {
          if (this.valueStart < 0) {
            if (!this.space()) return;
            if (this.phase === 'keyOrEnd' && b().charCodeAt(this.pos) === 125) {
              this.pos++;
              this.phase = 'done';
              continue;
            }
            if (b().charCodeAt(this.pos) !== 34) this.unexpected();
            this.startValue();
          }
          const end = this.delimit(0);
          if (end < 0) return;
          this.key = this.parseValue(end) as string;
          this.pos = end;
          if (this.key !== DUMP_MEMBERS[this.members++] || this.raw !== `"${this.key}"`) this.inexact();
          this.phase = 'colon';
          continue;
        }
        case 'colon':
          if (!this.space()) return;
          if (b().charCodeAt(this.pos) !== 58) this.unexpected();
          this.pos++;
          this.phase = 'value';
          continue;
        case 'value': {
          if (this.valueStart < 0) {
            if (!this.space()) return;
            if (ARRAY_MEMBERS.has(this.key) && b().charCodeAt(this.pos) === 91) {
              this.pos++;
              this.index = 0;
              this.template = !this.first && ID_LISTS.has(this.key) ? new IdTemplate(this.adder(this.key)) : null;
              this.flat = this.first ? undefined : FLAT_ITEMS[this.key];
              this.phase = 'itemOrEnd';
              continue;
            }
            this.startValue();
          }
          const end = this.delimit(MAX_DEPTH - 1);
          if (end < 0) return;
          const value = this.parseValue(end);
          this.pos = end;
          if (this.first) {
            if (this.key !== 'format') fail(ErrorCode.InvalidParam, `not an l2-devnet state dump: its first field is "${this.key}", expected "format"`);
            checkFormat(value);
            this.first = false;
            if (this.raw !== JSON.stringify(STATE_FORMAT)) this.inexact();
          }
          try {
            this.builder.member(this.key, value);
          } catch (e) {
            fail(ErrorCode.InvalidParam, `malformed state dump: ${(e as Error).message}`);
          }
          const text = itemText(this.raw, value);
          if (text !== this.raw) this.inexact();
          this.values.set(this.key, text);
          this.phase = 'afterMember';
          continue;
        }
        case 'itemOrEnd':
          if (!this.space()) return;
          if (b().charCodeAt(this.pos) === 93) {
            this.pos++;
            this.builder.emptyArray(this.key);
            this.phase = 'afterMember';
            continue;
          }
          this.phase = 'item';
          continue;
        case 'item': {
          if (this.valueStart < 0) {
            if (!this.space()) return;
            // Items written as the template reads them: taken without the general parser, one after
            // the other while a comma follows (anything else goes round the phases).
            const t = this.template;
            if (t !== null) {
              const text = b();
              let item = t.read(text, this.pos);
              if (item !== undefined) {
                for (;;) {
                  this.pos = t.end;
                  this.loadItem(item, true);
                  if (text.charCodeAt(this.pos) !== 44) break;
                  item = t.read(text, this.pos + 1);
                  if (item === undefined) break;
                  this.pos++;
                }
                continue;
              }
            }
            this.startValue();
          }
          const end = this.delimit(MAX_DEPTH - 2);
          if (end < 0) return;
          const id = this.scalar && this.numberDigits > 0;
          let parsed: unknown;
          if (id) {
            // Digits as written: the number they spell is the item, written back as they are.
            parsed = this.number;
            this.valueStart = -1;
            this.pending = null;
          } else parsed = this.parseValue(end);
          this.pos = end;
          if (this.first) fail(ErrorCode.InvalidParam, `not an l2-devnet state dump: its first field is "${this.key}", expected "format"`);
          const item = this.builder.upgrade(this.key, parsed, this.index);
          // The entry as the dump would write it must be the item as read: no field lost, added, repeated or
          // retyped, no value spelled otherwise. A plain item's text is stringify(item) unless a key repeats
          // (fewer members than colons) or is an array index (sameWritten refuses it): the entry is compared
          // with the parsed item, not written. So is a pretty-printed one (whitespace between its tokens: only
          // values count). Any other is compared as text (an escape, a number spelled otherwise), and an item
          // of an older format as the current one writes it.
          const plain = this.plain && (this.raw as WellFormed).isWellFormed();
          const byValue = item === parsed && (id || this.spaced || plain);
          if (this.spaced || item !== parsed) this.inexact();
          if (byValue) this.loadItem(item, false);
          else {
            const given = item === parsed ? this.raw : stringify(item);
            const built = this.build(item);
            if (stringify(built) !== given) this.notAsWritten();
            this.index++;
            this.phase = 'afterItem';
          }
          // The first flat item written plainly gives the order of its keys to the ones after it.
          if (this.flat !== undefined && this.template === null && plain && !this.spaced && item === parsed && !Array.isArray(item)) {
            this.template = ItemTemplate.of(Object.keys(item as object), this.flat, this.adder(this.key), this.builder.intern, this.builder.direct(this.key));
          }
          continue;
        }
        case 'afterItem':
          if (!this.space()) return;
          if (b().charCodeAt(this.pos) === 44) {
            this.pos++;
            this.phase = 'item';
            continue;
          }
          if (b().charCodeAt(this.pos) === 93) {
            this.pos++;
            this.phase = 'afterMember';
            continue;
          }
          this.unexpected();
          break;
        case 'afterMember':
          if (!this.space()) return;
          if (b().charCodeAt(this.pos) === 44) {
            this.pos++;
            this.phase = 'key';
            continue;
          }
          if (b().charCodeAt(this.pos) === 125) {
            this.pos++;
            this.phase = 'done';
            continue;
          }
          this.unexpected();
          break;
        case 'done':
          if (this.space()) this.unexpected();
          return;
      }
    }
  }
}
