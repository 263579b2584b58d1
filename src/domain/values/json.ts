// JSON text with exact integers: bigint values are written as number text, never rounded through a double.

// Object keys repeat (every record has the same ten): quote each once.
const quotedKeys = new Map<string, string>();
function quoteKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotedKeys.size < 4096) quotedKeys.set(k, q);
  }
  return q;
}

/** Like JSON.stringify (no indentation), but bigint -> exact digits. Undefined properties are skipped. */
export function stringify(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          out += (i === 0 ? '' : ',') + (v === undefined ? 'null' : stringify(v));
        }
        return out + ']';
      }
      let out = '{';
      let first = true;
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const v = o[k];
        if (v === undefined || typeof v === 'function') continue;
        out += (first ? '' : ',') + quoteKey(k) + ':' + stringify(v);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}

export interface ParseOptions {
  /** Integers of 16 or more digits (they may exceed 2^53) come back as bigint; default true. */
  bigIntegers?: boolean;
  /**
   * Called with each object once all its members are parsed (innermost first, as a reviver would
   * be); what it returns takes the object's place. Runs without recursion, like the parser.
   */
  object?: (value: Record<string, unknown>) => unknown;
}

/** Where a JSON text stops being JSON, with the character position. */
export class JsonSyntaxError extends SyntaxError {
  constructor(message: string, readonly position: number) {
    super(`${message} at position ${position}`);
    this.name = 'JsonSyntaxError';
  }
}

/**
 * JSON.parse without its cliffs: one pass over the text with an explicit stack, so time and memory
 * are linear in the text and no nesting depth or string length overflows the call stack. Integers
 * of 16 or more digits stay exact (bigint); shorter integers and other numbers are numbers;
 * strings are never touched. Characters are read only through `text.charCodeAt` (a test counts them).
 */
export function parseJson(text: string, options: ParseOptions = {}): unknown {
  const bigIntegers = options.bigIntegers ?? true;
  const hook = options.object;
  const n = text.length;
  // The open containers, innermost last, and for each the key its next value goes under (objects).
  const open: Array<unknown[] | Record<string, unknown>> = [];
  const keys: string[] = [];
  let i = 0;

  const unexpected = (at: number): never => {
    if (at >= n) throw new JsonSyntaxError('Unexpected end of JSON input', at);
    throw new JsonSyntaxError(`Unexpected character ${JSON.stringify(text.slice(at, at + 1))}`, at);
  };
  const skipSpace = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return;
      i++;
    }
  };
  const readString = (): string => {
    // i is at the opening quote. Plain runs are sliced whole; escapes go through parts.
    const open = i;
    let start = ++i;
    let parts: string[] | undefined;
    for (;;) {
      if (i >= n) throw new JsonSyntaxError('Unterminated string starting', open);
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        (parts ??= []).push(text.slice(start, i));
        const e = i + 1 < n ? text.charCodeAt(i + 1) : -1;
        switch (e) {
          case 34: parts.push('"'); break;
          case 92: parts.push('\\'); break;
          case 47: parts.push('/'); break;
          case 98: parts.push('\b'); break;
          case 102: parts.push('\f'); break;
          case 110: parts.push('\n'); break;
          case 114: parts.push('\r'); break;
          case 116: parts.push('\t'); break;
          case 117: {
            let code = 0;
            for (let k = i + 2; k < i + 6; k++) {
              const h = k < n ? text.charCodeAt(k) : -1;
              const d = h >= 48 && h <= 57 ? h - 48 : h >= 97 && h <= 102 ? h - 87 : h >= 65 && h <= 70 ? h - 55 : -1;
              if (d < 0) throw new JsonSyntaxError('Bad Unicode escape in string', i);
              code = code * 16 + d;
            }
            parts.push(String.fromCharCode(code));
            i += 4;
            break;
          }
          default:
            throw new JsonSyntaxError('Bad escaped character in string', i);
        }
        i += 2;
        start = i;
        continue;
      }
      if (c < 32) throw new JsonSyntaxError('Bad control character in string', i);
      i++;
    }
    const tail = text.slice(start, i);
    i++;
    if (parts === undefined) return tail;
    parts.push(tail);
    return parts.join('');
  };
  const readDigits = (): number => {
    const from = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      i++;
    }
    if (i === from) unexpected(i);
    return i - from;
  };
  const readNumber = (): number | bigint => {
    const start = i;
    if (text.charCodeAt(i) === 45) i++;
    let digits: number;
    if (i < n && text.charCodeAt(i) === 48) {
      i++;
      digits = 1;
    } else {
      digits = readDigits();
    }
    let integer = true;
    if (i < n && text.charCodeAt(i) === 46) {
      i++;
      readDigits();
      integer = false;
    }
    if (i < n && (text.charCodeAt(i) | 32) === 101) {
      i++;
      if (i < n && (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45)) i++;
      readDigits();
      integer = false;
    }
    const token = text.slice(start, i);
    return bigIntegers && integer && digits >= 16 ? BigInt(token) : Number(token);
  };
  const readWord = (word: string, value: unknown): unknown => {
    for (let k = 0; k < word.length; k++) if (i + k >= n || text.charCodeAt(i + k) !== word.charCodeAt(k)) unexpected(i + k);
    i += word.length;
    return value;
  };
  const readKey = (): void => {
    skipSpace();
    if (i >= n || text.charCodeAt(i) !== 34) unexpected(i);
    keys[keys.length - 1] = readString();
    skipSpace();
    if (i >= n || text.charCodeAt(i) !== 58) unexpected(i);
    i++;
  };
  const close = (): unknown => {
    const top = open.pop()!;
    keys.pop();
    if (Array.isArray(top)) return top;
    return hook ? hook(top) : top;
  };

  for (;;) {
    // A value starts here; containers push a frame and go round for their first member.
    skipSpace();
    if (i >= n) unexpected(i);
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 123) {
      i++;
      open.push({});
      keys.push('');
      skipSpace();
      if (i < n && text.charCodeAt(i) === 125) {
        i++;
        value = close();
      } else {
        readKey();
        continue;
      }
    } else if (c === 91) {
      i++;
      open.push([]);
      keys.push('');
      skipSpace();
      if (i < n && text.charCodeAt(i) === 93) {
        i++;
        value = close();
      } else {
        continue;
      }
    } else if (c === 34) {
      value = readString();
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      value = readNumber();
    } else if (c === 116) {
      value = readWord('true', true);
    } else if (c === 102) {
      value = readWord('false', false);
    } else if (c === 110) {
      value = readWord('null', null);
    } else {
      unexpected(i);
    }
    // Hand the value to its container; a closing bracket completes the container, which is handed up in turn.
    for (;;) {
      if (open.length === 0) {
        skipSpace();
        if (i < n) unexpected(i);
        return value;
      }
      const top = open[open.length - 1]!;
      const isArray = Array.isArray(top);
      if (isArray) top.push(value);
      else {
        const key = keys[keys.length - 1]!;
        if (key === '__proto__') Object.defineProperty(top, '__proto__', { value, writable: true, enumerable: true, configurable: true });
        else top[key] = value;
      }
      skipSpace();
      const d = i < n ? text.charCodeAt(i) : -1;
      if (d === 44) {
        i++;
        if (!isArray) readKey();
        break;
      }
      if (d === (isArray ? 93 : 125)) {
        i++;
        value = close();
        continue;
      }
      unexpected(i);
    }
  }
}

/**
 * JSON.parse that keeps integers of 16 or more digits exact, as bigint (they may exceed 2^53).
 * Shorter integers and all other numbers come back as numbers; strings are never touched.
 * Linear in time and memory, with no limit on nesting or string length (see parseJson).
 */
export function parseExact(text: string): unknown {
  return parseJson(text);
}

/** stringify with object keys sorted at every level: equal texts mean equal values, whatever the key order. */
export function canonicalStringify(value: unknown): string {
  return stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}

/** Whether a number and a bigint are written alike by stringify. */
function sameInteger(n: number, b: bigint): boolean {
  // Below 2^53 a double's neighbours are less than 1 apart: rounding b onto n means b is n.
  if (Number.isSafeInteger(n)) return Number(b) === n;
  // Past it a number is written in its shortest digits (from 1e21 with an exponent), not its exact value.
  return String(n) === b.toString();
}

/**
 * Compares stringify(written) with stringify(parsed) without writing either: -1 when they differ,
 * else how many object members `parsed` holds in all. `parsed` is what JSON.parse or parseJson gave
 * for a text (no undefined); a key of it that starts with a digit counts as a difference (an object
 * puts array-index keys first, so its text would not be written back in its order). A text that has a
 * key twice parses to fewer members than it has members (colons outside strings): the caller counts.
 * Recursive: `parsed` must nest a bounded depth.
 */
export function sameWritten(written: unknown, parsed: unknown): number {
  const a = written;
  const b = parsed;
  switch (typeof a) {
    case 'string':
    case 'boolean':
      return a === b ? 0 : -1;
    case 'number':
      if (!Number.isFinite(a)) return b === null ? 0 : -1;
      return a === b || (typeof b === 'bigint' && sameInteger(a, b)) ? 0 : -1;
    case 'bigint':
      return a === b || (typeof b === 'number' && sameInteger(b, a)) ? 0 : -1;
    case 'object':
      break;
    default:
      // undefined, a function: written as null.
      return b === null ? 0 : -1;
  }
  if (a === null) return b === null ? 0 : -1;
  if (b === null || typeof b !== 'object') return -1;
  let members = 0;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return -1;
    for (let i = 0; i < a.length; i++) {
      const x: unknown = a[i];
      // The same number, string or boolean is written alike, with no member (a long list of ids).
      if (x === b[i] && x !== null && x !== undefined && typeof x !== 'object' && typeof x !== 'function') continue;
      const m = sameWritten(x, b[i]);
      if (m < 0) return -1;
      members += m;
    }
    return members;
  }
  if (Array.isArray(b)) return -1;
  const o = a as Record<string, unknown>;
  const p = b as Record<string, unknown>;
  const keys = Object.keys(p);
  let k = 0;
  for (const key of Object.keys(o)) {
    const v = o[key];
    if (v === undefined || typeof v === 'function') continue;
    if (k >= keys.length || keys[k] !== key) return -1;
    const c = key.charCodeAt(0);
    if (c >= 48 && c <= 57) return -1;
    const m = sameWritten(v, p[key]);
    if (m < 0) return -1;
    members += m;
    k++;
  }
  return k === keys.length ? members + k : -1;
}
