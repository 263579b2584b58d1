// Groups validation verdicts by operation and reason, one example each, and renders them as text and markdown.
import type { Exchange } from './traffic.js';
import { mediaType } from './recorder.js';
import type { Mismatch, Reason, Verdict } from './validate.js';

export interface Group {
  operation: string;
  reason: Reason;
  message: string;
  schemaPath: string | undefined;
  instancePath: string | undefined;
  /** Exchanges with this finding. */
  count: number;
  /** Test files they came from. */
  files: Set<string>;
  example: Exchange;
}

export interface Findings {
  exchanges: number;
  /** Exchanges answered by the app's own not-found for paths the document does not have either. */
  unrouted: number;
  /** Exchanges with at least one mismatch. */
  failing: number;
  /** Per documented operation (and per unmatched masked path): exchanges seen. */
  traffic: Map<string, number>;
  /** Per operation: what the app answered, as `status media-type envelope(code)` -> exchanges. */
  answers: Map<string, Map<string, number>>;
  mismatches: Group[];
  /** Requests that broke their schema and were refused: the document and the app agree. */
  refusedInvalid: Group[];
}

function groupKey(m: Mismatch): string {
  return [m.operation, m.reason, m.message, m.schemaPath ?? '', m.instancePath ?? ''].join('\u0000');
}

function addTo(groups: Map<string, Group>, m: Mismatch): void {
  const key = groupKey(m);
  let g = groups.get(key);
  if (!g) {
    g = {
      operation: m.operation,
      reason: m.reason,
      message: m.message,
      schemaPath: m.schemaPath,
      instancePath: m.instancePath,
      count: 0,
      files: new Set(),
      example: m.exchange,
    };
    groups.set(key, g);
  }
  g.count += 1;
  if (m.exchange.file) g.files.add(m.exchange.file);
}

const order = (a: Group, b: Group): number =>
  a.operation.localeCompare(b.operation) || a.reason.localeCompare(b.reason) || b.count - a.count || a.message.localeCompare(b.message);

export function collect(verdicts: readonly Verdict[]): Findings {
  const mismatches = new Map<string, Group>();
  const refusedInvalid = new Map<string, Group>();
  const traffic = new Map<string, number>();
  const answers = new Map<string, Map<string, number>>();
  let unrouted = 0;
  let failing = 0;
  for (const v of verdicts) {
    if (v.unrouted) unrouted += 1;
    const name = v.operation ?? v.mismatches[0]?.operation;
    if (name !== undefined) {
      traffic.set(name, (traffic.get(name) ?? 0) + 1);
      const seen = answers.get(name) ?? new Map<string, number>();
      const a = answerShape(v.exchange);
      seen.set(a, (seen.get(a) ?? 0) + 1);
      answers.set(name, seen);
    }
    if (v.mismatches.length) failing += 1;
    // One exchange counts once per group even when Ajv reports the same place twice.
    const seen = new Set<string>();
    for (const m of v.mismatches) if (!seen.has(groupKey(m)) && seen.add(groupKey(m))) addTo(mismatches, m);
    for (const m of v.refusedInvalid) if (!seen.has(groupKey(m)) && seen.add(groupKey(m))) addTo(refusedInvalid, m);
  }
  return {
    exchanges: verdicts.length,
    unrouted,
    failing,
    traffic,
    answers,
    mismatches: [...mismatches.values()].sort(order),
    refusedInvalid: [...refusedInvalid.values()].sort(order),
  };
}

/** `200 application/json FAILED(19)`: status, media type, and for JSON the envelope status and code. */
export function answerShape(ex: Exchange): string {
  const type = mediaType(ex.res.contentType) || '(no content-type)';
  let envelope = '';
  if (type === 'application/json' && ex.res.body) {
    try {
      const body = JSON.parse(ex.res.body) as unknown;
      if (typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { status?: unknown }).status === 'string') {
        const b = body as { status: string; error_code?: unknown };
        envelope = b.status === 'FAILED' ? ` FAILED(${String(b.error_code)})` : b.status === 'OK' ? ' OK' : ' plain';
      } else envelope = ' plain';
    } catch {
      envelope = ' not-json';
    }
  }
  return `${ex.res.status} ${type}${envelope}`;
}

function excerpt(text: string | undefined, max = 300): string {
  if (text === undefined) return '';
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/** The example exchange in a few lines. */
export function exampleLines(ex: Exchange): string[] {
  const url = new URL(ex.req.url);
  const req = `${ex.req.method} ${url.pathname}${url.search}${ex.req.apiKey ? ' [x-api-key]' : ''}${ex.req.contentType ? ` (${ex.req.contentType})` : ''}`;
  const reqBody = ex.req.skipped
    ? `<${ex.req.skipped}${ex.req.bytes !== undefined ? `, ${ex.req.bytes} bytes` : ''}>`
    : excerpt(ex.req.body);
  const resBody = ex.res.skipped
    ? `<${ex.res.skipped}${ex.res.bytes !== undefined ? `, ${ex.res.bytes} bytes` : ''}>`
    : excerpt(ex.res.body);
  return [
    `request:  ${req}${reqBody ? ` ${reqBody}` : ''}`,
    `response: ${ex.res.status} ${ex.res.contentType ?? '(no content-type)'} ${resBody}`,
    ...(ex.file ? [`from:     ${ex.file}${ex.test ? ` > ${ex.test}` : ''}${ex.via === 'socket' ? ' (over a socket)' : ''}`] : []),
  ];
}

function groupLines(g: Group): string[] {
  return [
    `[${g.reason}] ${g.message}  (${g.count} exchange${g.count === 1 ? '' : 's'}, ${g.files.size} test file${g.files.size === 1 ? '' : 's'})`,
    ...(g.schemaPath ? [`  schema:   ${g.schemaPath}`] : []),
    ...(g.instancePath ? [`  at:       ${g.instancePath}`] : []),
    ...exampleLines(g.example).map((l) => `  ${l}`),
  ];
}

/** Plain text of the groups of one operation (for a failing test's message). */
export function operationText(groups: readonly Group[]): string {
  return groups.flatMap((g) => [...groupLines(g), '']).join('\n');
}

export function byOperation(groups: readonly Group[]): Map<string, Group[]> {
  const out = new Map<string, Group[]>();
  for (const g of groups) {
    const list = out.get(g.operation) ?? [];
    list.push(g);
    out.set(g.operation, list);
  }
  return out;
}

/** Counts per reason (groups and exchanges). */
export function reasonTotals(groups: readonly Group[]): Map<Reason, { groups: number; exchanges: number }> {
  const out = new Map<Reason, { groups: number; exchanges: number }>();
  for (const g of groups) {
    const t = out.get(g.reason) ?? { groups: 0, exchanges: 0 };
    t.groups += 1;
    t.exchanges += g.count;
    out.set(g.reason, t);
  }
  return new Map([...out].sort((a, b) => a[0].localeCompare(b[0])));
}

const fence = (lines: string[]): string => ['```', ...lines, '```'].join('\n');

/** The full findings as markdown: totals, then every operation with each group and its example. */
export function markdown(f: Findings, documented: readonly string[]): string {
  const out: string[] = ['# Recorded traffic against GET /openapi.json', ''];
  out.push(
    `${f.exchanges} exchanges; ${f.failing} with at least one mismatch; ${f.unrouted} answered by the app's own not-found for paths the document does not have either (consistent).`,
    '',
  );
  out.push('## Totals by reason', '', '| reason | groups | exchanges |', '| --- | --- | --- |');
  for (const [r, t] of reasonTotals(f.mismatches)) out.push(`| ${r} | ${t.groups} | ${t.exchanges} |`);
  out.push(
    '',
    '## Totals by operation',
    '',
    '| operation | exchanges seen | mismatch groups | exchanges in groups |',
    '| --- | --- | --- | --- |',
  );
  const groups = byOperation(f.mismatches);
  const names = [...new Set([...documented, ...groups.keys()])];
  for (const name of names) {
    const gs = groups.get(name) ?? [];
    out.push(`| ${name} | ${f.traffic.get(name) ?? 0} | ${gs.length} | ${gs.reduce((n, g) => n + g.count, 0)} |`);
  }
  out.push('', '## Mismatches by operation', '');
  for (const [name, gs] of groups) {
    out.push(`### ${name}`, '');
    for (const g of gs)
      out.push(
        `- **${g.reason}**: ${g.message} — ${g.count} exchange(s)`,
        '',
        fence(
          groupLines(g)
            .slice(1)
            .map((l) => l.trim()),
        ),
        '',
      );
  }
  out.push('## Refused requests that broke their schema (consistent, for reference)', '');
  for (const [name, gs] of byOperation(f.refusedInvalid)) {
    out.push(`### ${name}`, '');
    for (const g of gs) out.push(`- **${g.reason}**: ${g.message} — ${g.count} exchange(s)${g.schemaPath ? ` — \`${g.schemaPath}\`` : ''}`);
    out.push('');
  }
  out.push(
    '## What the app answered, by operation',
    '',
    'Status, media type and, for JSON, the envelope (OK, FAILED with its error_code, or plain JSON), with the number of exchanges.',
    '',
  );
  for (const name of names) {
    const seen = f.answers.get(name);
    if (!seen) continue;
    out.push(
      `- ${name}: ${[...seen]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([k, n]) => `${k} ×${n}`)
        .join('; ')}`,
    );
  }
  out.push('');
  const unseen = documented.filter((d) => !f.traffic.has(d));
  out.push('## Documented operations with no recorded traffic', '', ...(unseen.length ? unseen.map((u) => `- ${u}`) : ['(none)']), '');
  return out.join('\n');
}
