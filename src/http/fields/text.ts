// The text kinds of request field: plain text, names, URLs and free text (control characters and lone
// surrogates refused), and text handed on as sent for the route or the devnet to check.
import * as v from 'valibot';
import { DevnetError, ErrorCode, type ErrorCodeValue } from '../../domain/values/errors.js';
import { fieldOf, isMissing, refuse, show, type Field, type Refusal, type WireSchema } from './field.js';

export type Doc = { description?: string };

/**
 * The length limits of text a caller sends (docs/guarantees.md), in UTF-16 code units as JavaScript
 * counts them: names, URLs, other free text, and everything else (ids, addresses, filters).
 */
export const TEXT_LIMITS = { name: 256, url: 2048, freeText: 4096, other: 256, list: 65_536 } as const;

const mustBeString = (name: string, value: unknown) => `${name} must be a string, got ${show(value)}`;
/** Absent: `missing`; another type than text: 19. */
export const typeRefusal =
  (missing: Refusal): Refusal =>
  (name, value) =>
    isMissing(value) ? missing(name, value) : new DevnetError(ErrorCode.InvalidParam, mustBeString(name, value));
const tooLong = (max: number): Refusal =>
  refuse(ErrorCode.InvalidParam, (name, value) => `${name} must be at most ${max} characters, got ${String(value).length}`);

/** `long`: at most `max` characters (its refusal names the limit and the length sent, never the text). */
const atMost = (max: number) => v.maxLength<string, number, 'long'>(max, 'long');

// No regex flags: the patterns are also the document's, and JSON Schema patterns have none.
/** C0 controls, DEL and C1 controls: never in a name or a URL. */
const NO_CONTROLS = /^[^\x00-\x1f\x7f-\x9f]*$/;
const C0_C1 = 'control characters (U+0000-U+001F, U+007F-U+009F)';

/** A kind of text: its length limit and, for names, URLs and free text, the control characters it refuses (`refused` says which) and its name in the document. */
type TextKind = { max: number; controls?: RegExp; refused?: string; what?: string };

const KINDS = {
  name: { max: TEXT_LIMITS.name, controls: NO_CONTROLS, refused: C0_C1, what: 'a name' },
  url: { max: TEXT_LIMITS.url, controls: NO_CONTROLS, refused: C0_C1, what: 'a URL' },
  // Free text may hold tabs and line breaks, nothing else of the control ranges.
  freeText: {
    max: TEXT_LIMITS.freeText,
    controls: /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/,
    refused: 'control characters other than tab and line breaks',
    what: 'free text',
  },
} as const satisfies Record<string, TextKind>;

/** No lone surrogate (a JSON `\ud800` escape): such text has no UTF-8 form, so no answer could carry it back. */
function wellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Text of a kind: length, then control characters, then lone surrogates (`missing` when required and empty). */
function kindString(kind: TextKind, required: boolean): WireSchema<string> {
  const head = required ? v.pipe(v.string('type'), v.minLength(1, 'missing')) : v.string('type');
  return kind.controls === undefined
    ? v.pipe(head, atMost(kind.max))
    : v.pipe(head, atMost(kind.max), v.regex(kind.controls, 'control'), v.check(wellFormed, 'surrogate'));
}

function kindRefusals(kind: TextKind): Record<string, Refusal> {
  if (kind.controls === undefined) return { long: tooLong(kind.max) };
  return {
    long: tooLong(kind.max),
    control: refuse(ErrorCode.InvalidParam, (name, value) => `${name} must not contain ${kind.refused}, got ${show(value)}`),
    surrogate: refuse(
      ErrorCode.InvalidParam,
      (name) => `${name} must be well-formed Unicode text (it holds a lone surrogate, such as a \\ud800 escape)`,
    ),
  };
}

function describe(kind: TextKind, description: string | undefined): string | undefined {
  if (kind.what === undefined) return description;
  return [description, `${kind.what}: at most ${kind.max} characters, no ${kind.refused}`].filter((x) => x !== undefined).join('; ');
}

/** Required text of a kind: absent 19 (or `code`), another type 19, then its checks (19). */
function requiredText(kind: TextKind, doc: Doc & { code?: ErrorCodeValue }): Field<string> {
  const missing = refuse(doc.code ?? ErrorCode.InvalidParam, (name) => `${name} is required`);
  return fieldOf(
    kindString(kind, true),
    { type: typeRefusal(missing), missing, ...kindRefusals(kind) },
    { required: true, description: describe(kind, doc.description) },
  );
}

/** Optional text of a kind: absent or null is undefined; empty text is kept. */
function optionalText(kind: TextKind, doc: Doc): Field<string | undefined> {
  return fieldOf(
    v.pipe(
      v.nullish(kindString(kind, false)),
      v.transform((s) => s ?? undefined),
    ),
    { type: refuse(ErrorCode.InvalidParam, mustBeString), ...kindRefusals(kind) },
    { description: describe(kind, doc.description) },
  );
}

/** A required string: absent fails with `code` (default 19), another type with 19, over `max` characters (default 256) with 19. */
export const text = (doc: Doc & { code?: ErrorCodeValue; max?: number } = {}): Field<string> =>
  requiredText({ max: doc.max ?? TEXT_LIMITS.other }, doc);
/** An optional string: absent or null is undefined; empty text is kept; over `max` characters (default 256) 19. */
export const optText = (doc: Doc & { max?: number } = {}): Field<string | undefined> =>
  optionalText({ max: doc.max ?? TEXT_LIMITS.other }, doc);
/** A name (project, marketplace, contract, symbol): at most 256 characters, no control characters, well-formed. */
export const name = (doc: Doc & { code?: ErrorCodeValue } = {}): Field<string> => requiredText(KINDS.name, doc);
export const optName = (doc: Doc = {}): Field<string | undefined> => optionalText(KINDS.name, doc);
/** A URL as sent (not parsed): at most 2048 characters, no control characters, well-formed. */
export const optUrl = (doc: Doc = {}): Field<string | undefined> => optionalText(KINDS.url, doc);
/** Free text (a description, a message): at most 4096 characters, tabs and line breaks but no other controls, well-formed. */
export const optFreeText = (doc: Doc = {}): Field<string | undefined> => optionalText(KINDS.freeText, doc);

/** Text as sent, at most `max` characters: the route or the devnet checks it (and names it in its refusal). */
const asSent = (max: number) => v.pipe(v.string(), atMost(max));

/** A query value handed to the devnet as sent (the domain checks it and names it in its refusal); at most 256 characters. */
export function wireText(doc: Doc & { required?: boolean } = {}): Field<string | undefined> {
  return fieldOf(
    v.optional(asSent(TEXT_LIMITS.other)),
    { long: tooLong(TEXT_LIMITS.other) },
    { required: doc.required ?? false, description: doc.description },
  );
}

/** As wireText, but empty text counts as absent. */
export function optWireText(doc: Doc = {}): Field<string | undefined> {
  const w = wireText(doc);
  return fieldOf(
    v.pipe(
      w.json,
      v.transform((s) => (s === '' ? undefined : s)),
    ),
    w.refusals,
    { description: doc.description },
  );
}

/** Text handed on as sent: a path parameter, or a list item the route checks itself (and names in its refusal). */
export function asText(doc: Doc & { max?: number } = {}): Field<string> {
  const max = doc.max ?? TEXT_LIMITS.other;
  return fieldOf(asSent(max), { long: tooLong(max) }, { required: true, description: doc.description });
}
