// The JSON object body of a POST: anything else fails with 401 FailedToJSONUnmarshal, and so does
// one nested deeper than MAX_JSON_DEPTH (refusal messages and checks walk values recursively).
import { DevnetError, ErrorCode } from '../../domain/values/errors.js';

/** Objects and arrays inside one another: no route takes more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` opens more than `max` objects or arrays inside one another: one pass over the text,
 * strings skipped, no recursion (JSON.parse itself takes a million levels; what reads the value would not).
 */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, `request body is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, 'request body must be a JSON object');
  }
  // After the parse, so malformed text keeps its own refusal; a short text cannot nest that deep.
  if (text.length > MAX_JSON_DEPTH * 2 && nestsDeeper(text, MAX_JSON_DEPTH)) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, `request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value as Record<string, unknown>;
}
