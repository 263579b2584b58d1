// The scanner under the streamed load: where each JSON value of a text fed in pieces ends, whether it is written as stringify writes it, and its exact parse.
import { ErrorCode, fail } from '../values/errors.js';
import { JsonSyntaxError, parseJson } from '../values/json.js';
import { MAX_DEPTH } from './load.js';

// JSON.parse is exact for every integer up to 2^53 - 1: an item without a longer run of digits (its
// ids, times and amounts mostly) takes the native parser; any other goes through the exact one.
const LONG_DIGITS = /\d{16,}/g;
const MAX_SAFE_TEXT = String(Number.MAX_SAFE_INTEGER);

function exactParse(text: string): unknown {
  LONG_DIGITS.lastIndex = 0;
  for (let m = LONG_DIGITS.exec(text); m !== null; m = LONG_DIGITS.exec(text)) {
    const digits = m[0];
    if (digits.length > 16 || digits > MAX_SAFE_TEXT) return parseJson(text);
  }
  try {
    return JSON.parse(text);
  } catch {
    // The exact parser says where and why, with its own positions.
    return parseJson(text);
  }
}

/**
 * The value-level half of DumpReader (load-stream.ts), which extends it with the dump's outer shape:
 * a value is delimited across pieces (startValue, then delimit until it finds the end), then parsed
 * alone (parseValue). One object with the reader, as the scan is the hot loop of a big load.
 */
export abstract class ValueScanner {
  protected buf = '';
  /** Characters of the text before buf. */
  protected base = 0;
  protected pos = 0;
  /** The member being read: a refusal names it. */
  protected key = '';
  // The value being delimited: where it starts (in buf, and in the whole text), the pieces of it that
  // came in earlier feeds (already scanned), how far it was scanned, and the scanner's state.
  protected valueStart = -1;
  private valueAt = 0;
  protected pending: string[] | null = null;
  protected scan = 0;
  private depth = 0;
  protected scalar = false;
  private inString = false;
  private escaped = false;
  /** The text of the value parsed last. */
  protected raw = '';
  /** Where the next backslash in buf is (buf.length when none): found once per piece, not per string. */
  protected backslash = 0;
  /**
   * For an object or array being delimited: its text outside strings is as stringify writes it (no
   * whitespace, integers only, no -0) and its strings hold no escape. Then its text is exactly
   * stringify of what JSON.parse makes of it, if no key appears twice in an object (it has as many
   * members as colons) and no key is an array index: the item is checked with sameWritten.
   */
  protected plain = false;
  /** The value being delimited has whitespace between its tokens (pretty-printed): it is compared by value. */
  protected spaced = false;
  /** Colons outside strings in the value being delimited: one per object member written. */
  protected colons = 0;
  /** The value holds an integer that JSON.parse may round (16 digits or more, past 2^53 - 1). */
  private long = false;
  /** A scalar being delimited: the integer its digits spell so far, and how many (-1: not an integer as written, or too long). */
  protected number = 0;
  protected numberDigits = 0;
  /** Digits in the run being scanned, and the character before it. */
  private digits = 0;
  private prev = 0;

  /** The text read is not the image of the state it builds (whitespace, an older format, a spelling). */
  protected abstract inexact(): void;

  protected syntax(message: string, at: number): never {
    throw new JsonSyntaxError(message, at);
  }

  /** Skips whitespace; false when the buffer ran out. */
  protected space(): boolean {
    const b = this.buf;
    while (this.pos < b.length) {
      const c = b.charCodeAt(this.pos);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return true;
      this.inexact();
      this.pos++;
    }
    return false;
  }

  protected unexpected(): never {
    this.syntax(`Unexpected character ${JSON.stringify(this.buf[this.pos])}`, this.base + this.pos);
  }

  /**
   * Finds the end of the value being read (continuing an earlier scan), or returns -1 when the buffer
   * ends first. `limit` is the nesting the value may have below its container. On the way it notes
   * whether the text outside strings is as stringify writes it (see `plain`).
   */
  protected delimit(limit: number): number {
    const b = this.buf;
    let i = this.scan;
    if (this.scalar) {
      // A number or a word: it ends at a delimiter (the parser checks its spelling). Up to 15 digits
      // without a leading zero (an id as written) are read here, and need no parser.
      let n = this.number;
      let k = this.numberDigits;
      while (i < b.length) {
        const d = b.charCodeAt(i);
        if (d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) {
          this.number = n;
          this.numberDigits = k;
          return i;
        }
        if (k >= 0) {
          if (d >= 48 && d <= 57 && k < 15 && !(k === 1 && n === 0)) {
            n = n * 10 + (d - 48);
            k++;
          } else k = -1;
        }
        i++;
      }
      this.number = n;
      this.numberDigits = k;
      this.scan = i;
      return -1;
    }
    let depth = this.depth;
    let run = this.digits;
    let prev = this.prev;
    let plain = this.plain;
    let colons = this.colons;
    let found = -1;
    while (i < b.length) {
      if (this.escaped) {
        this.escaped = false;
        i++;
        continue;
      }
      if (this.inString) {
        // Jump to the next quote or backslash.
        const q = b.indexOf('"', i);
        if (this.backslash < i) {
          const next = b.indexOf('\\', i);
          this.backslash = next === -1 ? b.length : next;
        }
        const s = this.backslash < b.length ? this.backslash : -1;
        if (s !== -1 && (q === -1 || s < q)) {
          // An escape: its string may be written otherwise than stringify would.
          plain = false;
          this.escaped = true;
          i = s + 1;
          continue;
        }
        if (q === -1) {
          i = b.length;
          break;
        }
        this.inString = false;
        i = q + 1;
        if (depth === 0) {
          found = i;
          break;
        }
        continue;
      }
      const c = b.charCodeAt(i++);
      if (c >= 48 && c <= 57) {
        // A digit: -0 is not how a number is written (leading zeros are not JSON at all).
        if (run === 0 && c === 48 && prev === 45) plain = false;
        run++;
        continue;
      }
      if (run > 0) {
        // 16 digits or more may be past 2^53, where JSON.parse rounds.
        if (run >= 16 && this.unsafeRun(b, i - 1, run)) this.long = true;
        // A fraction or an exponent: not how stringify writes an integer.
        if (c === 46 || c === 101 || c === 69) plain = false;
        run = 0;
      }
      prev = c;
      if (c === 34) this.inString = true;
      else if (c === 58) colons++;
      else if (c === 123 || c === 91) {
        if (++depth > limit) fail(ErrorCode.InvalidParam, `malformed state dump: field ${this.key} nests deeper than ${MAX_DEPTH} levels (a whole dump nests about a dozen)`);
      } else if (c === 125 || c === 93) {
        if (--depth <= 0) {
          found = i;
          break;
        }
      } else if (c === 32 || c === 10 || c === 13 || c === 9) {
        plain = false;
        this.spaced = true;
      } else if (c === 43 || c === 46 || c === 69) plain = false;
    }
    this.depth = depth;
    this.digits = run;
    this.prev = prev;
    this.plain = plain;
    this.colons = colons;
    if (found < 0) this.scan = i;
    return found;
  }

  /** Whether the run of `run` digits ending before `end` in `b` may be past 2^53 - 1 (or began in an earlier piece). */
  private unsafeRun(b: string, end: number, run: number): boolean {
    if (run > 16 || end < run) return true;
    for (let k = 0; k < 16; k++) {
      const d = b.charCodeAt(end - 16 + k) - MAX_SAFE_TEXT.charCodeAt(k);
      if (d !== 0) return d > 0;
    }
    return false;
  }

  /**
   * The value read up to `end` in buf, parsed exactly; positions in errors are those of the whole text.
   * A plain value (see `plain`) skips exactParse's search for long integers: delimit found them.
   */
  protected parseValue(end: number): unknown {
    const tail = this.buf.slice(this.valueStart, end);
    const text = this.pending === null ? tail : this.pending.join('') + tail;
    this.raw = text;
    const at = this.valueAt;
    this.valueStart = -1;
    this.pending = null;
    try {
      if (!this.plain) return exactParse(text);
      if (this.long) return parseJson(text);
      try {
        return JSON.parse(text);
      } catch {
        return parseJson(text);
      }
    } catch (e) {
      if (e instanceof JsonSyntaxError) this.syntax(e.message.replace(/ at position \d+$/, ''), at + e.position);
      throw e;
    }
  }

  protected startValue(): void {
    this.valueStart = this.pos;
    this.valueAt = this.base + this.pos;
    this.scan = this.pos;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    const c = this.buf.charCodeAt(this.pos);
    this.scalar = c !== 123 && c !== 91 && c !== 34;
    this.plain = c === 123 || c === 91;
    this.colons = 0;
    this.number = 0;
    this.numberDigits = 0;
    this.spaced = false;
    this.long = false;
    this.digits = 0;
    this.prev = 0;
  }
}
