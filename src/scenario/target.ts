// Where runners send their requests: an in-process emulator (no socket) or a running one at a URL.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FetchLike } from '../emulator/control-client.js';
import { parseExact } from '../domain/values/json.js';

/** One answer, parsed: `ok` is false for a FAILED envelope; `result` is the envelope's data or the plain reply. */
export interface Reply {
  http: number;
  body: unknown;
  text: string;
  ok: boolean;
  result: unknown;
}

export interface Outgoing {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as multipart/form-data field `file` (with `body`'s fields beside it). */
  filePath?: string;
}

export interface Target {
  /** What the progress lines name: "in-process" or the URL. */
  readonly label: string;
  send(out: Outgoing): Promise<Reply>;
}

/** The fetch arguments of one outgoing request. */
async function toInit(out: Outgoing): Promise<RequestInit> {
  const headers: Record<string, string> = { ...out.headers };
  let body: FormData | string | undefined;
  if (out.filePath !== undefined) {
    const form = new FormData();
    for (const [k, v] of Object.entries((out.body ?? {}) as Record<string, unknown>)) form.append(k, String(v));
    form.append('file', new Blob([await readFile(out.filePath)]), basename(out.filePath));
    body = form;
  } else if (out.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(out.body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return { method: out.method, headers, ...(body === undefined ? {} : { body }) };
}

export function parseReply(http: number, text: string): Reply {
  let body: unknown;
  try {
    body = parseExact(text);
  } catch {
    body = text;
  }
  const b = body as Record<string, unknown> | null;
  const enveloped = b !== null && typeof b === 'object' && !Array.isArray(b) && (b.status === 'OK' || b.status === 'FAILED') && 'data' in b;
  const ok = http < 400 && !(enveloped && b.status === 'FAILED');
  return { http, body, text, ok, result: enveloped ? b.data : body };
}

function fetchTarget(label: string, base: string, fetch: FetchLike): Target {
  return {
    label,
    async send(out) {
      const res = await fetch(base + out.path, await toInit(out));
      return parseReply(res.status, await res.text());
    },
  };
}

/** A target over an in-process emulator's `fetch` (createDevnet). */
export function inProcessTarget(fetch: FetchLike): Target {
  return fetchTarget('in-process', 'http://devnet.local', fetch);
}

/** A target over a running emulator (`l2-devnet --port ...`). */
export function urlTarget(url: string): Target {
  return fetchTarget(url, url.replace(/\/+$/, ''), (url, init) => globalThis.fetch(url, init));
}
