// Malformations of a valid request: one field's value, a dropped field, the body, the content type, the API key,
// the method or the path. Each mutation pushes a short label so a line of the corpus says what was done.
import { Raw, enc } from './draft.js';
import type { Draft, Part, QueryItem } from './draft.js';
import type { Rng } from './prng.js';

export type Kind = 'hex' | 'starkkey' | 'uint' | 'text' | 'uuid' | 'list' | 'sig' | 'object' | 'enum' | 'decimal' | 'address' | 'ethaddress' | 'cid' | 'any';
export type Loc = 'query' | 'body' | 'path';

export interface FieldDef {
  /** Dotted for nested body fields: "signature.r", "fee_info.fee_limit". */
  name: string;
  loc: Loc;
  kind: Kind;
}

/** Other valid values of the running devnet, for "valid but wrong" mutations (another key, another asset...). */
export interface Alt {
  starkKeys: string[];
  ethAddresses: string[];
  assetIds: string[];
  addresses: string[];
  uuids: string[];
  cids: string[];
  ids: string[];
  apiKeys: string[];
}

const pow = (n: number): bigint => 1n << BigInt(n);
/** Integer edges: 2^31, 2^53, 2^63, 2^64, 2^128, 2^256 and neighbours, 10^40. */
const EDGES: bigint[] = [31, 53, 63, 64, 128, 252, 256].flatMap((n) => [pow(n) - 1n, pow(n), pow(n) + 1n]).concat([10n ** 40n, 4194303n, 4194304n, 100n, 101n, 1000n, 1001n]);
/** The Stark field prime and the curve order (and neighbours): values just inside or outside the field. */
const STARK_P = pow(251) + 17n * pow(192) + 1n;
const STARK_N = 0x0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;
const FIELD_EDGES: bigint[] = [STARK_P - 1n, STARK_P, STARK_P + 1n, STARK_N - 1n, STARK_N, pow(251), pow(255)];

const NUM_TEXT = [
  '0', '-0', '-1', '1', '+1', ' 1', '1 ', ' 1 ', '01', '007', '1.0', '1.00', '1.5', '0.5', '1.', '.5', '1e3', '1E3', '1e-3', '1e+3', '1e400', '-1e400',
  'NaN', 'Infinity', '-Infinity', '0x10', '0X1f', '0b1', '0o7', '1_000', '1,000', '1 000', '١٢٣', '１２３', '1n', '9'.repeat(400), '-9223372036854775808',
  '2^63', '1/2', '0.0', '00', '-', '+', '.', 'e', '1e', '１',
];
const RAW_NUM = [
  '0', '-0', '1', '-1', '1.0', '1.5', '0.5', '1e3', '1E+3', '1e-3', '1e400', '-1e400', '0.1e1', '100e-2', '-9007199254740993',
  '123456789012345678901234567890.5', '1.7976931348623157e308', '5e-324', '4194303', '4194304', '4194303.0', '2147483647.0',
];
const UNICODE = ['é', 'e\u0301', '日本語', '😀', '\u0000', '\u0007', '\u001f', '\u007f', '\u202e', '\ud800', '\udfff', '\uffff', '\ufeff', 'a\nb', 'a\r\nb', '\t', '\u00a0', '\u2028', 'İ', 'ß', 'ﬀ'];
const TEXTISH = ['', ' ', '  ', '\t', '\n', '\r\n', 'null', 'undefined', 'true', 'false', '[]', '{}', '0', 'eth', 'ETH', 'Eth', 'eTh', '%00', '%zz', '../', '../../etc/passwd', "'; --", '<script>', '${x}', '\\', '"', 'x'.repeat(256), 'x'.repeat(257), ' '.repeat(300), 'x'.repeat(10240), 'é'.repeat(2000)];

const hexOf = (v: bigint): string => '0x' + v.toString(16);

function isHex(s: string): boolean {
  return /^0[xX][0-9a-fA-F]+$/.test(s);
}

function mixedCase(s: string, rng: Rng): string {
  return Array.from(s, (c, i) => (i < 2 ? c : rng.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join('');
}

interface Val {
  label: string;
  /** For body fields any JSON value (Raw for exact tokens); for query and path fields a string. */
  value: unknown;
}

const v = (label: string, value: unknown): Val => ({ label, value });
const short = (s: string): string => {
  const j = JSON.stringify(s);
  return j.length > 24 ? `${j.slice(0, 18)}…(${s.length})` : j;
};

/** A string alternative to `cur` for a field of kind `kind`. */
function stringValue(kind: Kind, cur: string, rng: Rng, alt: Alt): Val {
  const generic = (): Val => {
    const r = rng.int(6);
    if (r === 0) return v('text', rng.pick(TEXTISH));
    if (r === 1) return v('unicode', cur + rng.pick(UNICODE));
    if (r === 2) return v('unicode', rng.pick(UNICODE));
    if (r === 3) return v('pad', rng.pick([' ', '\t', '\n', '\u00a0']) + cur + rng.pick(['', ' ', '\t']));
    if (r === 4) return v('case', rng.chance(0.5) ? cur.toUpperCase() : cur.toLowerCase());
    return v('edit', rng.pick([cur + 'x', 'x' + cur, cur.slice(0, -1), cur.slice(1), cur + cur, cur.repeat(Math.max(1, Math.floor(10240 / Math.max(1, cur.length)))), cur + ',' + cur]));
  };
  const numeric = (): Val => {
    const r = rng.int(5);
    if (r === 0) return v('num', rng.pick(NUM_TEXT));
    if (r === 1) return v('edge', String(rng.pick(EDGES)));
    if (r === 2 && /^\d+$/.test(cur)) return v('±1', String(BigInt(cur) + rng.pick([-1n, 1n, 2n, 1000n])));
    if (r === 3) return v('neg', '-' + (cur === '' ? '1' : cur));
    return v('frac', (cur === '' ? '1' : cur) + rng.pick(['.0', '.5', '.000000001', '.', 'e0', 'e1', 'E-1']));
  };
  const hexy = (): Val => {
    const digits = isHex(cur) ? cur.slice(2) : rng.hex(8);
    const big = isHex(cur) ? BigInt(cur) : 1n;
    const r = rng.int(14);
    if (r === 0) return v('mixedcase', mixedCase('0x' + digits, rng));
    if (r === 1) return v('0X', '0X' + digits.toUpperCase());
    if (r === 2) return v('no0x', digits);
    if (r === 3) return v('hex', rng.pick(['0x', '0x0', '0x00', '0', 'x1', '0x-1', '0x+1', '0x 1', '0x1.5', '0xg', '0x٣', '-0x1', '0x0x1', '#ff', '0h1']));
    if (r === 4) return v('zeropad', '0x' + '0'.repeat(rng.pick([1, 10, 64, 300])) + digits);
    if (r === 5) return v('badhex', rng.chance(0.5) ? cur + 'g' : '0x' + digits.slice(0, -1) + 'z');
    if (r === 6) return v('flip', '0x' + digits.slice(0, -1) + (digits.endsWith('1') ? '2' : '1'));
    if (r === 7) return v('width', '0x' + 'f'.repeat(rng.pick([63, 64, 65, 128])));
    if (r === 8) return v('2^256', hexOf(rng.pick([pow(256) - 1n, pow(256), pow(256) + 1n, pow(160), pow(160) - 1n])));
    if (r === 9) return v('decimal', big.toString());
    if (r === 10) return v('field', hexOf(rng.pick(FIELD_EDGES)));
    if (r === 11) return v('longhex', '0x' + 'a'.repeat(10240));
    if (r === 12) return v('upper', cur.toUpperCase());
    return v('trail', '0x' + digits + '00');
  };
  const pickAlt = (label: string, xs: string[]): Val => (xs.length ? v(label, rng.pick(xs)) : generic());
  const r = rng.int(10);
  if (r < 3) return generic();
  switch (kind) {
    case 'hex':
      return r < 8 ? hexy() : pickAlt('other-asset', alt.assetIds);
    case 'starkkey':
      if (r === 8) return pickAlt('other-key', alt.starkKeys);
      if (r === 9) return v('offcurve', rng.pick(['0x1', '0x2', '0x3', hexOf(STARK_P - 1n), '0x' + rng.hex(63)]));
      return hexy();
    case 'ethaddress':
      if (r === 8) return pickAlt('other-eth', alt.ethAddresses);
      if (r === 9) return pickAlt('stark-as-eth', alt.starkKeys);
      return rng.chance(0.5) ? hexy() : v('eth', rng.pick(['0x' + rng.hex(40), '0x' + rng.hex(39), '0x' + rng.hex(41), '0x' + '0'.repeat(40), mixedCase(cur, rng)]));
    case 'address':
      if (r < 6) return pickAlt('other-address', alt.addresses.concat(['eth', 'ETH']));
      if (r === 9) return v('eth', rng.pick(['0x' + rng.hex(40), '0x' + rng.hex(39), '0x' + rng.hex(41), 'ETH:ETH', 'ERC20:' + cur]));
      return hexy();
    case 'uuid': {
      if (r < 6) return pickAlt('other-uuid', alt.uuids);
      return v('uuid', rng.pick([cur.toUpperCase(), cur.replace(/-/g, ''), '00000000-0000-0000-0000-000000000000', cur + 'x', cur.slice(0, -1), `{${cur}}`, rng.hex(8) + '-' + rng.hex(4) + '-4' + rng.hex(3) + '-8' + rng.hex(3) + '-' + rng.hex(12)]));
    }
    case 'cid':
      if (r < 5) return pickAlt('other-cid', alt.cids);
      return v('cid', rng.pick([cur.toUpperCase(), 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', 'bafy' + 'a'.repeat(55), cur.slice(0, -1), cur + 'a', 'b' + cur.slice(1), 'z' + cur.slice(1), 'f01701220' + rng.hex(64), 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy']));
    case 'uint':
    case 'enum':
      if (kind === 'uint' && r >= 8) return pickAlt('other-id', alt.ids);
      return r < 7 ? numeric() : hexy();
    case 'decimal':
      return v('decimal', rng.pick(['0', '1', '0.5', '0.999999999999999999', '0.9999999999999999999', '0.0000000000000000001', '1e-2', '-0.01', '.5', '5.', '0.0', '00.5', '0,5', ' 0.5 ', '0.5.1', 'abc', '100', '9'.repeat(100) + '.5', '0.' + '0'.repeat(300) + '1', '1/2']));
    case 'list': {
      const one = cur.split(',')[0] ?? cur;
      if (r === 9) return pickAlt('other-list', alt.starkKeys.slice(0, 3).map((k) => `${k},${one}`));
      return v('list', rng.pick([',', ',,', cur + ',', ',' + cur, `${one},,${one}`, `${cur},${cur}`, Array(rng.pick([101, 1000])).fill(one).join(','), cur.replace(/,/g, ' , '), cur + ', ', `${one};${one}`, `[${cur}]`, `${one}, ${rng.pick(TEXTISH)}`]));
    }
    default:
      return r < 6 ? generic() : numeric();
  }
}

/** A JSON alternative to `cur` (any type) for a body field. */
function jsonValue(kind: Kind, cur: unknown, rng: Rng, alt: Alt): Val {
  const curText = typeof cur === 'string' ? cur : typeof cur === 'number' ? String(cur) : '';
  const r = rng.int(10);
  if (r < 3) {
    // Another JSON type.
    const options: Val[] = [
      v('null', null), v('true', true), v('false', false), v('0', 0), v('1', 1), v('-1', -1), v('1.5', 1.5),
      v('{}', {}), v('[]', []), v('[cur]', [cur]), v('{v:cur}', { v: cur }), v('""', ''),
    ];
    if (typeof cur === 'number') options.push(v('as-string', String(cur)));
    if (typeof cur === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(cur)) options.push(v('as-number', new Raw(cur.trim())));
    if (typeof cur === 'string' && isHex(cur)) options.push(v('hex-as-number', new Raw(BigInt(cur).toString())));
    return rng.pick(options);
  }
  if (r === 3 && (kind === 'uint' || kind === 'enum' || kind === 'decimal' || kind === 'any')) {
    const rawText = rng.chance(0.5) ? rng.pick(RAW_NUM) : String(rng.pick(EDGES));
    return v(`num:${rawText.length > 20 ? rawText.slice(0, 12) + '…' : rawText}`, new Raw(rawText));
  }
  if (kind === 'sig' && r < 8) {
    const sig = (cur && typeof cur === 'object' ? cur : {}) as Record<string, unknown>;
    return rng.pick([
      v('sig:no-r', { s: sig.s }), v('sig:no-s', { r: sig.r }), v('sig:swap', { r: sig.s, s: sig.r }), v('sig:r=0', { r: '0x0', s: sig.s }),
      v('sig:s=0', { r: sig.r, s: '0x0' }), v('sig:r=N', { r: hexOf(STARK_N), s: sig.s }), v('sig:s=2^256', { r: sig.r, s: hexOf(pow(256)) }),
      v('sig:r-num', { r: 1, s: sig.s }), v('sig:r-dec', { r: typeof sig.r === 'string' && isHex(sig.r) ? BigInt(sig.r).toString() : '1', s: sig.s }),
      v('sig:extra', { ...sig, v: '0x1b' }), v('sig:upper', { r: String(sig.r).toUpperCase(), s: sig.s }), v('sig:array', [sig.r, sig.s]),
      v('sig:string', `${String(sig.r)}${String(sig.s).slice(2)}`), v('sig:long', { r: '0x' + 'f'.repeat(10240), s: sig.s }), v('sig:nested', { r: { r: sig.r }, s: sig.s }),
    ]);
  }
  if (kind === 'object' && r < 8) {
    const o = (cur && typeof cur === 'object' && !Array.isArray(cur) ? cur : {}) as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length && rng.chance(0.5)) {
      const k = rng.pick(keys);
      const rest = { ...o };
      delete rest[k];
      return v(`obj:drop-${k}`, rest);
    }
    return rng.pick([v('obj:empty', {}), v('obj:array', Object.values(o)), v('obj:string', JSON.stringify(o)), v('obj:extra', { ...o, extra: 1 })]);
  }
  const s = stringValue(kind, curText, rng, alt);
  return s;
}

/** Reads a dotted path in a JSON object. */
function getAt(obj: unknown, path: string): { parent: Record<string, unknown>; key: string } | undefined {
  const parts = path.split('.');
  let at: unknown = obj;
  for (const p of parts.slice(0, -1)) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[p];
  }
  if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
  return { parent: at as Record<string, unknown>, key: parts[parts.length - 1]! };
}

function jsonObject(d: Draft): Record<string, unknown> | undefined {
  const b = d.body;
  if (b?.kind !== 'json' || b.edit) return undefined;
  return b.value && typeof b.value === 'object' && !Array.isArray(b.value) ? (b.value as Record<string, unknown>) : undefined;
}

export interface MutationInput {
  d: Draft;
  fields: FieldDef[];
  rng: Rng;
  alt: Alt;
  auth: boolean;
}

type Mutation = (m: MutationInput) => boolean;

function label(d: Draft, text: string): void {
  d.labels.push(text);
}

/** One field gets another value (of its kind, of another JSON type, or a neighbour's valid value). */
const fieldValue: Mutation = ({ d, fields, rng, alt }) => {
  if (!fields.length) return false;
  const f = rng.pick(fields);
  if (f.loc === 'query') {
    const item = d.query.find((q) => q.k === f.name && !q.raw);
    const val = stringValue(f.kind, item?.v ?? '', rng, alt);
    if (item) item.v = val.value as string;
    else d.query.push({ k: f.name, v: val.value as string });
    label(d, `${f.name}=${val.label}:${short(val.value as string)}`);
    return true;
  }
  if (f.loc === 'path') {
    const r = rng.int(8);
    if (r === 0) {
      const raw = rng.pick(['%2F', '%zz', '%', '..', '.', '%00', '%20', 'a%2Fb', '%E0%A4%A', '%C0%AE', '%u0041', ';x=1']);
      d.params[f.name] = raw;
      (d.rawParams ??= new Set()).add(f.name);
      label(d, `path:${f.name}=raw:${raw}`);
      return true;
    }
    const val = stringValue(f.kind, d.params[f.name] ?? '', rng, alt);
    d.params[f.name] = val.value as string;
    label(d, `path:${f.name}=${val.label}:${short(val.value as string)}`);
    return true;
  }
  const obj = jsonObject(d);
  if (!obj) return false;
  const at = getAt(obj, f.name);
  if (!at) return false;
  const val = jsonValue(f.kind, at.parent[at.key], rng, alt);
  at.parent[at.key] = val.value;
  label(d, `${f.name}=${val.label}${typeof val.value === 'string' ? ':' + short(val.value) : ''}`);
  return true;
};

/** One field left out (or its query key sent without a value, or empty). */
const dropField: Mutation = ({ d, fields, rng }) => {
  if (!fields.length) return false;
  const f = rng.pick(fields);
  if (f.loc === 'query') {
    const i = d.query.findIndex((q) => q.k === f.name && !q.raw);
    if (i < 0) return false;
    const how = rng.int(3);
    if (how === 0) d.query.splice(i, 1);
    else if (how === 1) d.query[i] = { k: f.name };
    else d.query[i] = { k: f.name, v: '' };
    label(d, `${['drop', 'novalue', 'empty'][how]}:${f.name}`);
    return true;
  }
  if (f.loc === 'path') {
    d.params[f.name] = '';
    label(d, `path:${f.name}=empty`);
    return true;
  }
  const obj = jsonObject(d);
  const at = obj && getAt(obj, f.name);
  if (!at || !(at.key in at.parent)) return false;
  delete at.parent[at.key];
  label(d, `drop:${f.name}`);
  return true;
};

/** Fields nobody declared: an unknown key, prototype-ish keys, a case variant, a thousand keys. */
const extraFields: Mutation = ({ d, fields, rng }) => {
  const queryRoute = d.method === 'GET' || d.method === 'DELETE' || !d.body;
  if (queryRoute) {
    const k = rng.pick(['unknown', '__proto__', 'constructor', 'toString', 'hasOwnProperty', fields[0]?.name.toUpperCase() ?? 'X', 'a'.repeat(1000)]);
    d.query.push({ k, v: rng.pick(['1', '', 'x', '{}']) });
    label(d, `extra-query:${short(k)}`);
    return true;
  }
  const obj = jsonObject(d);
  if (!obj) return false;
  const r = rng.int(5);
  if (r === 0) {
    obj.unknown_field = rng.pick([1, 'x', null, {}, []]);
    label(d, 'extra:unknown_field');
  } else if (r === 1) {
    const key = rng.pick(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']);
    const inner = rng.chance(0.5) ? '{"amount":"1","stark_key":"0x1"}' : '1';
    const b = d.body as { kind: 'json'; edit?: (t: string) => string };
    b.edit = (t) => (t.startsWith('{') ? `{"${key}":${inner}${t.length > 2 ? ',' : ''}${t.slice(1)}` : t);
    label(d, `extra:${key}`);
  } else if (r === 2 && fields.length) {
    const f = rng.pick(fields.filter((x) => x.loc === 'body' && !x.name.includes('.')).concat(fields[0]!));
    const at = getAt(obj, f.name);
    obj[f.name.toUpperCase()] = at?.parent[at.key] ?? 1;
    label(d, `extra:${f.name.toUpperCase()}`);
  } else if (r === 3) {
    for (let i = 0; i < 1000; i++) obj[`k${i}`] = i;
    label(d, 'extra:1000-keys');
  } else {
    obj[rng.pick(['', ' ', 'é', '\u0000', 'a.b', '0'])] = 'x';
    label(d, 'extra:odd-key');
  }
  return true;
};

/** A key twice: `k=a&k=b` in the query, `{"k":a,...,"k":b}` in JSON. */
const duplicateKey: Mutation = ({ d, fields, rng, alt }) => {
  if (!fields.length) return false;
  const f = rng.pick(fields);
  if (f.loc === 'query') {
    const item = d.query.find((q) => q.k === f.name && !q.raw);
    const other = stringValue(f.kind, item?.v ?? '', rng, alt).value as string;
    const before = rng.chance(0.5);
    const dup = { k: f.name, v: rng.chance(0.3) ? (item?.v ?? other) : other };
    if (before) d.query.unshift(dup);
    else d.query.push(dup);
    label(d, `dup-query:${f.name}(${before ? 'first' : 'last'})`);
    return true;
  }
  if (f.loc !== 'body' || f.name.includes('.')) return false;
  const obj = jsonObject(d);
  if (!obj) return false;
  const other = jsonValue(f.kind, obj[f.name], rng, alt);
  const otherText = other.value instanceof Raw ? other.value.text : JSON.stringify(other.value) ?? 'null';
  const b = d.body as { kind: 'json'; edit?: (t: string) => string };
  const first = rng.chance(0.5);
  // JSON.parse keeps the last: the dup first means the valid value wins, last means the odd one wins.
  b.edit = (t) => (first ? `{"${f.name}":${otherText},${t.slice(1)}` : `${t.slice(0, -1)},"${f.name}":${otherText}}`);
  label(d, `dup-json:${f.name}(${first ? 'first' : 'last'})=${other.label}`);
  return true;
};

/** The body as a whole: broken JSON, JSON that is not an object, empty, deep nesting, bytes. */
const bodyWhole: Mutation = ({ d, rng }) => {
  if (d.method === 'GET' || d.method === 'HEAD') return false;
  const b = d.body;
  const text = b?.kind === 'json' ? 'json' : undefined;
  const r = rng.int(14);
  if (r === 0) {
    d.body = { kind: 'text', text: rng.pick(['', ' ', '\n\t ', '\r\n']) };
    d.ct = rng.chance(0.5) ? 'application/json' : undefined;
    label(d, 'body:empty');
  } else if (r === 1) {
    d.body = { kind: 'text', text: rng.pick(['[]', '[{}]', '1', '0', '-1', '"s"', '""', 'null', 'true', 'false', '{}', '1e400', '"' + 'x'.repeat(10240) + '"']) };
    d.ct = 'application/json';
    label(d, `body:non-object:${short((d.body as { text: string }).text)}`);
  } else if (r === 2) {
    const n = rng.pick([100, 1000, 10000, 100000]);
    const arrays = rng.chance(0.5);
    d.body = { kind: 'text', text: arrays ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n) };
    d.ct = 'application/json';
    label(d, `body:deep-${arrays ? 'array' : 'object'}-${n}`);
  } else if (r === 3) {
    d.body = { kind: 'bytes', bytes: Uint8Array.from(rng.pick([[0xff, 0xfe, 0x7b, 0x7d], [0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d], [0xef, 0xbb, 0xbf, 0x7b, 0x7d], [0x00, 0x7b, 0x7d], [0x7b, 0x7d, 0x00]])) };
    d.ct = 'application/json';
    label(d, 'body:bytes');
  } else if (r === 4) {
    d.body = { kind: 'text', text: rng.pick(['stark_key=0x1&amount=1', 'a=b', '<xml/>', 'garbage', '{', '}', '{"a":1', '{"a"}', "{'a':1}", '{a:1}', '{"a":1,}', '{"a":01}', '{"a":.5}', '{"a":NaN}', '{"a":undefined}', '{"a":"\\x41"}', '{"a":"\\ud800"}', '{"a":"\u0000"}', '{"a":1}{"b":2}', '{"a":1} x', '/**/{}', '{"a":1}//', '\ufeff{}', '{"a":-}', '{"a":1e}', '{"a":+1}', '{"a":0x1}', '{"a":Infinity}', '{"a":"' + '\\'.repeat(3) + '"}'])! };
    d.ct = rng.pick([undefined, 'application/json']);
    label(d, `body:malformed:${short((d.body as { text: string }).text)}`);
  } else if (text && b?.kind === 'json') {
    const how = rng.int(8);
    const names = ['truncate', 'trailing-comma', 'single-quotes', 'garbage-after', 'bom', 'comment', 'wrap-array', 'unquoted-key'];
    const cut = rng.int(1000);
    const prev = b.edit;
    b.edit = (t0) => {
      const t = prev ? prev(t0) : t0;
      switch (how) {
        case 0: return t.slice(0, cut % Math.max(1, t.length));
        case 1: return t.endsWith('}') ? t.slice(0, -1) + ',}' : t + ',';
        case 2: return t.replace(/"/g, "'");
        case 3: return t + rng.pick(['x', '}', ',{}', '\u0000', ' ', '\n', '{}', '[]']);
        case 4: return '\ufeff' + t;
        case 5: return '/* c */' + t;
        case 6: return `[${t}]`;
        default: return t.replace(/"([a-z_]+)":/, '$1:');
      }
    };
    label(d, `json:${names[how]}`);
  } else {
    d.body = { kind: 'text', text: '{"x":' };
    d.ct = 'application/json';
    label(d, 'body:malformed:{"x":');
  }
  return true;
};

/** The content type: none, text, form, multipart without boundary, other charsets, garbage. */
const contentType: Mutation = ({ d, rng }) => {
  if (d.method === 'GET' || d.method === 'HEAD') return false;
  const ct = rng.pick([null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=iso-8859-1', 'application/xml', '', 'garbage', 'APPLICATION/JSON', 'application/json;;', 'application/vnd.api+json', 'application/octet-stream', 'application/json, text/plain']);
  d.ct = ct;
  label(d, `ct:${ct === null ? 'none' : short(ct)}`);
  return true;
};

/** The API key: missing, empty, unknown, another key's, case-changed, listed twice, very long, not a ByteString. */
const apiKeyHeader: Mutation = ({ d, rng, alt, auth }) => {
  const i = d.headers.findIndex(([k]) => k.toLowerCase() === 'x-api-key');
  const cur = i >= 0 ? d.headers[i]![1] : '';
  if (i >= 0) d.headers.splice(i, 1);
  const r = rng.int(auth ? 13 : 3);
  const set = (value: string, name = 'x-api-key') => d.headers.push([name, value]);
  const names = ['missing', 'empty', 'unknown', 'other-key', 'upper', 'suffix', 'prefix-cut', 'long', 'listed-twice', 'two-headers', 'wrong-name', 'authorization', 'non-latin'];
  switch (r) {
    case 0: break;
    case 1: set(rng.pick(['', ' ', '\t'])); break;
    case 2: set('rk-' + rng.hex(rng.pick([8, 32, 64]))); break;
    case 3: set(alt.apiKeys.length ? rng.pick(alt.apiKeys) : 'rk-none'); break;
    case 4: set(cur.toUpperCase()); break;
    case 5: set(cur + rng.pick(['x', ' x', '0'])); break;
    case 6: set(cur.slice(0, -1)); break;
    case 7: set('k'.repeat(10240)); break;
    case 8: set(`${cur}, ${cur}`); break;
    case 9: set(cur); set(rng.pick(alt.apiKeys.length ? alt.apiKeys : ['rk-x'])); break;
    case 10: set(cur, rng.pick(['x-api_key', 'x-apikey', 'api-key', 'x-api-keys'])); break;
    case 11: set(`Bearer ${cur}`, 'authorization'); break;
    default: set('ключ'); break;
  }
  label(d, `api-key:${names[r]}`);
  return true;
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'post', 'patch', 'Get', 'PROPFIND', 'TRACE', 'CONNECT'];

/** Another method on the same path (the route key follows the method actually sent). */
const wrongMethod: Mutation = ({ d, rng }) => {
  const m = rng.pick(METHODS.filter((x) => x !== d.method));
  d.method = m;
  d.route = `${m} ${d.route.slice(d.route.indexOf(' ') + 1)}`;
  if (m.toUpperCase() === 'GET' || m.toUpperCase() === 'HEAD') {
    // fetch refuses a GET body; mostly drop it, sometimes keep it to see the refusal.
    if (rng.chance(0.9)) d.body = undefined;
  }
  label(d, `method:${m}`);
  return true;
};

/** The path itself: trailing slash, case, doubled slashes, dot segments, an extra segment, encoded slashes. */
const pathShape: Mutation = ({ d, rng }) => {
  const url = new URL('http://x' + renderPath(d));
  const p = url.pathname;
  const r = rng.int(9);
  const names = ['trailing-slash', 'upper', 'double-slash', 'dot-segment', 'extra-segment', 'encoded-slash', 'semicolon', 'no-version', 'v3'];
  const next = [
    p + '/',
    p.toUpperCase(),
    p.replace(/^(\/[^/]+)\//, '$1//'),
    p.replace(/^\/([^/]+)\//, '/$1/./'),
    p + '/' + rng.pick(['x', '1', '..', '%2e%2e', 'index.html']),
    p.replace(/\/([^/]*)$/, '%2F$1'),
    p + ';jsessionid=1',
    p.replace(/^\/v[12]/, ''),
    p.replace(/^\/v[12]|^\/_devnet/, '/v3'),
  ][r]!;
  d.pathOverride = next;
  label(d, `path:${names[r]}`);
  return true;
};

function renderPath(d: Draft): string {
  let path = d.pathOverride ?? d.path.replace(/:([a-z_]+)/g, (_, name: string) => (d.rawParams?.has(name) ? (d.params[name] ?? '') : enc(d.params[name] ?? '')));
  if (path.endsWith('/*')) path = path.slice(0, -2) + (d.rest ?? '');
  return path;
}

/** Query text no encoder would write: stray separators, broken percent escapes, bracket keys. */
const queryJunk: Mutation = ({ d, fields, rng }) => {
  const k = fields.find((f) => f.loc === 'query')?.name ?? 'q';
  const item = rng.pick(['&', '=', '==', '%zz', '%', 'a=%ZZ', '&&&&', '%E0%A4%A', '+', 'a=b=c', '[]=1', `${k}[]=1`, `${k}[0]=1`, ';', `${k}=%00`, `${k}=%FF`, `${k}=%C3%28`, `${k}=a+b`, `${k}=%2C`, `${k}=${'%41'.repeat(3000)}`, `%${k}`]);
  const raw: QueryItem = { k: item, raw: true };
  if (rng.chance(0.5)) d.query.push(raw);
  else d.query.unshift(raw);
  label(d, `query-junk:${short(item)}`);
  return true;
};

/** A body on a GET (fetch's TypeError), a body on a body-less POST (ignored). */
const strayBody: Mutation = ({ d, rng }) => {
  if (d.body) return false;
  d.body = { kind: 'text', text: rng.pick(['{}', '{"a":1}', 'x', '']) };
  label(d, 'stray-body');
  return true;
};

const MUTATIONS: ReadonlyArray<readonly [number, Mutation, string]> = [
  [50, fieldValue, 'value'],
  [12, dropField, 'drop'],
  [4, extraFields, 'extra'],
  [4, duplicateKey, 'dup'],
  [8, bodyWhole, 'body'],
  [4, contentType, 'ct'],
  [6, apiKeyHeader, 'key'],
  [3, wrongMethod, 'method'],
  [2, pathShape, 'path'],
  [3, queryJunk, 'query'],
  [0.5, strayBody, 'stray'],
];

/** Applies one mutation (retrying another kind when the drawn one does not apply). */
export function mutateOnce(m: MutationInput): void {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [, fn] = m.rng.weighted(MUTATIONS.map((x) => [x[0], x] as const));
    if (fn === apiKeyHeader && !m.auth && !m.rng.chance(0.15)) continue;
    if (fn(m)) return;
  }
  fieldValue(m) || extraFields(m) || queryJunk(m);
}

/** One mutation, sometimes two, rarely three. */
export function mutate(m: MutationInput): void {
  const n = m.rng.weighted([[75, 1], [20, 2], [5, 3]] as const);
  for (let i = 0; i < n; i++) mutateOnce(m);
}

export type { Part };
