// JSON text with exact integers: bigint values are written as number text, never rounded through a double.

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

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

/**
 * Like JSON.stringify (no indentation), but bigint -> exact digits. Undefined properties are skipped.
 * `bigText`: a bigint past 2^53 (either sign) is written as a string of its digits (the state dump's spelling).
 */
export function stringify(value: unknown, bigText = false): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return bigText && (value > MAX_SAFE || value < -MAX_SAFE) ? `"${value}"` : value.toString();
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
          out += (i === 0 ? '' : ',') + (v === undefined ? 'null' : stringify(v, bigText));
        }
        return out + ']';
      }
      let out = '{';
      let first = true;
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const v = o[k];
        if (v === undefined || typeof v === 'function') continue;
        out += (first ? '' : ',') + quoteKey(k) + ':' + stringify(v, bigText);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}

/** Where a JSON text stops being JSON (the message of JSON.parse, which names the position). */
export class JsonSyntaxError extends SyntaxError {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

// A string literal (skipped whole, so digits inside strings are left alone), or an integer of 16+ digits.
const LONG_INTEGERS = /"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;
const MAX_SAFE_TEXT = String(Number.MAX_SAFE_INTEGER);
const pastSafe = (digits: string): boolean => {
  const d = digits.startsWith('-') ? digits.slice(1) : digits;
  return d.length > MAX_SAFE_TEXT.length || (d.length === MAX_SAFE_TEXT.length && d > MAX_SAFE_TEXT);
};

/** JSON.parse, turning a SyntaxError into a JsonSyntaxError. */
function parse(text: string, reviver?: (key: string, value: unknown) => unknown): unknown {
  try {
    return JSON.parse(text, reviver as never) as unknown;
  } catch (e) {
    throw new JsonSyntaxError((e as Error).message);
  }
}

/**
 * JSON.parse with the integers past 2^53 read as strings of their digits (numbers up to it stay
 * numbers): what a state dump of format @3 writes of them, so an older dump reads as @3 does.
 */
export function parseQuotingBigIntegers(text: string): unknown {
  return parse(text.replace(LONG_INTEGERS, (m) => (m.charCodeAt(0) === 34 || !pastSafe(m) ? m : `"${m}"`)));
}

/**
 * JSON.parse that keeps integers of 16 or more digits exact, as bigint (they may exceed 2^53).
 * Shorter integers and all other numbers come back as numbers. Such integers are marked as strings
 * "\0digits" before JSON.parse and revived as bigint; a NUL a string holds itself is written twice
 * meanwhile, so no string can pass for a mark. (V8's reviver recurses: a text holding such integers
 * and nested thousands of levels deep is refused as a JsonSyntaxError; without them, no limit.)
 */
export function parseExact(text: string): unknown {
  let nul = false;
  let marks = false;
  const marked = text.replace(LONG_INTEGERS, (m) => {
    if (m.charCodeAt(0) !== 34) {
      marks = true;
      return `"\\u0000${m}"`;
    }
    if (!m.includes('\\u0000')) return m;
    nul = true;
    return m.replace(/\\(?:u0000|.)/g, (e) => (e === '\\u0000' ? '\\u0000\\u0000' : e));
  });
  // The reviver recurses (V8's): only a text with such integers takes it.
  if (!marks) return parse(text);
  return parse(marked, (_k, v) => {
    if (typeof v !== 'string' || (v.charCodeAt(0) !== 0 && !nul)) return v;
    if (/^\0-?\d+$/.test(v)) return BigInt(v.slice(1));
    return nul ? v.replaceAll('\0\0', '\0') : v;
  });
}
