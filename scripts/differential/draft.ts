// A request before it goes on the wire: structured enough to mutate one field at a time, then rendered to fetch(url, init).

/** A JSON token written verbatim: exact big numbers (2^256), exponents, -0, or deliberately broken text. */
export class Raw {
  constructor(readonly text: string) {}
}

/** One query entry: `k=v` percent-encoded, `k` alone when v is undefined, or `raw` text put in as is. */
export interface QueryItem {
  k: string;
  v?: string | undefined;
  raw?: boolean;
}

export interface Part {
  name: string | undefined;
  filename?: string | undefined;
  type?: string | undefined;
  content: string | Uint8Array;
}

export type Body =
  | { kind: 'json'; value: unknown; /** text edits after serialization (malformed JSON, duplicate keys) */ edit?: (text: string) => string }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'multipart'; boundary: string; parts: Part[]; /** framing edits after serialization */ edit?: (text: string) => string; crlf?: string; close?: boolean };

export interface Draft {
  /** Catalogue route id ("POST /v1/transfers"); the summary's route key. */
  route: string;
  method: string;
  /** Path template with :params (and a trailing /* for the gateway's rest). */
  path: string;
  params: Record<string, string>;
  /** Path params already percent-encoded by a mutation (sent verbatim). */
  rawParams?: Set<string>;
  /** After the template: the gateway's `/*` rest, verbatim. */
  rest?: string;
  query: QueryItem[];
  body?: Body | undefined;
  /** Content type: undefined for the body's default, null for none at all. */
  ct?: string | null | undefined;
  headers: Array<[string, string]>;
  labels: string[];
  /** Set by a mutation that replaces the whole URL path (unknown routes, trailing slashes). */
  pathOverride?: string;
}

export function draft(route: string, init: Partial<Draft> = {}): Draft {
  const [method, path] = route.split(' ') as [string, string];
  return { route, method, path, params: {}, query: [], headers: [], labels: [], ...init };
}

export function clone(d: Draft): Draft {
  return {
    ...d,
    params: { ...d.params },
    rawParams: d.rawParams ? new Set(d.rawParams) : undefined,
    query: d.query.map((q) => ({ ...q })),
    headers: d.headers.map(([k, v]) => [k, v] as [string, string]),
    labels: [...d.labels],
    body: cloneBody(d.body),
  };
}

function cloneBody(b: Body | undefined): Body | undefined {
  if (!b) return b;
  if (b.kind === 'json') return { ...b, value: deepClone(b.value) };
  if (b.kind === 'multipart') return { ...b, parts: b.parts.map((p) => ({ ...p })) };
  return { ...b };
}

export function deepClone(v: unknown): unknown {
  if (v instanceof Raw || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(deepClone);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = deepClone(x);
  return out;
}

/** JSON text of a value with Raw tokens verbatim and bigints as exact numbers. */
export function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v === undefined) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
}

/** Percent-encodes any JS string, lone surrogates included (as U+FFFD's bytes, which is what a UTF-8 encoder writes). */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return Array.from(new TextEncoder().encode(s), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
}

export function urlOf(d: Draft): string {
  let path = d.pathOverride ?? d.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const v = d.params[name] ?? '';
    return d.rawParams?.has(name) ? v : enc(v);
  });
  if (path.endsWith('/*')) path = path.slice(0, -2) + (d.rest ?? '');
  const q = d.query.map((i) => (i.raw ? i.k : i.v === undefined ? enc(i.k) : `${enc(i.k)}=${enc(i.v)}`)).join('&');
  return q === '' ? path : `${path}?${q}`;
}

const encoder = new TextEncoder();

function multipartBytes(b: Extract<Body, { kind: 'multipart' }>): string | Uint8Array {
  const nl = b.crlf ?? '\r\n';
  const chunks: Array<string | Uint8Array> = [];
  for (const p of b.parts) {
    let head = `--${b.boundary}${nl}Content-Disposition: form-data`;
    if (p.name !== undefined) head += `; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += nl;
    if (p.type !== undefined) head += `Content-Type: ${p.type}${nl}`;
    chunks.push(head + nl, p.content, nl);
  }
  if (b.close !== false) chunks.push(`--${b.boundary}--${nl}`);
  if (chunks.every((c) => typeof c === 'string')) {
    const text = chunks.join('');
    return b.edit ? b.edit(text) : text;
  }
  const parts = chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : c));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface Wire {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | Uint8Array | undefined;
}

/** What goes to fetch: the URL, the method, headers in order (content type first), the body. */
export function render(d: Draft): Wire {
  let body: string | Uint8Array | undefined;
  let ct: string | undefined;
  const b = d.body;
  if (b?.kind === 'json') {
    const text = toJson(b.value);
    body = b.edit ? b.edit(text) : text;
    ct = 'application/json';
  } else if (b?.kind === 'text') {
    body = b.text;
  } else if (b?.kind === 'bytes') {
    body = b.bytes;
  } else if (b?.kind === 'multipart') {
    body = multipartBytes(b);
    ct = `multipart/form-data; boundary=${b.boundary}`;
  }
  if (d.ct !== undefined) ct = d.ct ?? undefined;
  const headers: Array<[string, string]> = ct === undefined ? [] : [['content-type', ct]];
  headers.push(...d.headers);
  return { url: urlOf(d), method: d.method, headers, body };
}
