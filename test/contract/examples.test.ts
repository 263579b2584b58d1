// The examples of /openapi.json (dist/openapi-examples.json, a build output): what the examples tour answers today,
// one per operation with a JSON answer, each a real exchange the document accepts, shown where a
// reader looks for it, and small. Also the strictness of every answer schema, on those real answers.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXAMPLE_CHARS, generateExamples } from '../../scripts/openapi-examples/generate.js';
import { stringify } from '../../src/domain/values/json.js';
import { EXAMPLE_NAME, builtExamples } from '../../src/http/openapi/example.js';
import type { Example } from '../../src/http/openapi/example.js';
import { createDevnet } from '../../src/index.js';
import type { Exchange } from './traffic.js';
import { ContractValidator } from './validate.js';

type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; example?: unknown }>;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

let doc: Doc;
let validator: ContractValidator;
const EXAMPLES = builtExamples();
const operations = new Map<string, { method: string; path: string; op: Operation }>();

beforeAll(async () => {
  doc = (await (await createDevnet().fetch('/openapi.json')).json()) as Doc;
  validator = await ContractValidator.create(doc);
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) operations.set(op.operationId, { method, path, op });
});

/** JSON as the document serves it (exact integers become numbers). */
const asServed = (value: unknown): unknown => JSON.parse(stringify(value));

/** The example as a recorded exchange, for the contract check's validator. */
function exchangeOf(example: Example, seq: number): Exchange {
  const { request: q, response: r } = example;
  const multipart = q.contentType === 'multipart/form-data';
  return {
    seq,
    via: 'in-process',
    req: {
      method: q.method,
      url: new URL(q.url, 'http://devnet.local').href,
      apiKey: q.apiKey === true,
      ...(q.contentType !== undefined ? { contentType: q.contentType } : {}),
      ...(multipart ? { skipped: 'multipart' as const } : { body: q.body === undefined ? '' : stringify(q.body) }),
    },
    res: {
      status: r.status,
      contentType: r.contentType,
      body: typeof r.body === 'string' && !/json/.test(r.contentType) ? r.body : stringify(r.body),
    },
  };
}

/** The body a JSON answer carries where the schema is strict: `data` of an envelope, else the whole answer; the first row of a list. */
function strictTarget(body: unknown): Record<string, unknown> | undefined {
  let target: unknown = body;
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'OK' && 'data' in body)
    target = (body as { data: unknown }).data;
  if (Array.isArray(target)) target = target[0];
  return typeof target === 'object' && target !== null && !Array.isArray(target) ? (target as Record<string, unknown>) : undefined;
}

describe('the examples of /openapi.json', () => {
  it('are what the examples tour answers today, read back exactly (a stale dist/: run `npm run build`)', async () => {
    expect(Object.keys(EXAMPLES).length).toBeGreaterThan(45);
    expect(EXAMPLES).toEqual(await generateExamples());
  }, 60_000);

  it('cover every operation with a JSON answer (the document itself excepted): a new route needs a step in scripts/openapi-examples/tour.ts', () => {
    const missing: string[] = [];
    for (const [id, { op }] of operations) {
      const schema = op.responses['200']?.content?.['application/json']?.schema as { oneOf?: unknown[]; $ref?: string } | undefined;
      const answersJson = schema !== undefined && schema.$ref !== '#/components/schemas/Failed';
      if (answersJson && id !== 'getOpenapiJson' && EXAMPLES[id] === undefined) missing.push(id);
    }
    expect(missing).toEqual([]);
    expect(
      Object.keys(EXAMPLES).filter((id) => !operations.has(id)),
      'examples of operations the document does not have',
    ).toEqual([]);
  });

  it('are exchanges the document accepts: the request to its parameters and body, the answer to its 200', () => {
    const verdicts = Object.entries(EXAMPLES).map(([id, example], i) => {
      const verdict = validator.check(exchangeOf(example, i));
      return {
        id,
        operation: verdict.operation,
        problems: [...verdict.mismatches, ...verdict.refusedInvalid].map((m) => `${m.reason}: ${m.message} (${m.schemaPath ?? ''})`),
      };
    });
    for (const v of verdicts) expect(v.operation, v.id).toContain(`(${v.id})`);
    expect(verdicts.filter((v) => v.problems.length > 0)).toEqual([]);
  });

  it('are shown on the 200 answer in the media type it was answered in, on the request body, and on each parameter the request gave', () => {
    for (const [id, example] of Object.entries(EXAMPLES)) {
      const { op } = operations.get(id)!;
      const content = op.responses['200']!.content!;
      const answered = /json/.test(example.response.contentType)
        ? 'application/json'
        : Object.keys(content).find((k) => k !== 'application/json')!;
      expect(content[answered]!.examples?.[EXAMPLE_NAME]?.value, id).toEqual(asServed(example.response.body));
      if (example.request.body !== undefined)
        expect(op.requestBody!.content[example.request.contentType!]!.examples?.[EXAMPLE_NAME]?.value, id).toEqual(
          asServed(example.request.body),
        );
      const given = new URL(example.request.url, 'http://devnet.local').searchParams;
      for (const p of op.parameters ?? []) if (given.has(p.name)) expect(p.example, `${id} ${p.name}`).toBe(given.get(p.name));
    }
  });

  it(`stay small: at most ${MAX_EXAMPLE_CHARS + 1024} characters per operation`, () => {
    const sizes = Object.entries(EXAMPLES).map(([id, e]) => [id, stringify(e).length] as const);
    expect(sizes.filter(([, n]) => n > MAX_EXAMPLE_CHARS + 1024)).toEqual([]);
  });

  it('every JSON answer schema is strict: a key added to the real answer is reported for each operation', () => {
    const loose: string[] = [];
    let checked = 0;
    for (const [id, example] of Object.entries(EXAMPLES)) {
      if (!/json/.test(example.response.contentType) || id.startsWith('getIpfsCid')) continue; // the gateway answers any stored JSON
      const body = structuredClone(example.response.body);
      const target = strictTarget(body);
      if (target === undefined) continue;
      target.not_in_the_schema = 1;
      const ex = exchangeOf({ ...example, response: { ...example.response, body } }, checked++);
      const found = validator.check(ex).mismatches;
      if (!found.some((m) => m.reason === 'response.body' && m.message.includes('not_in_the_schema'))) loose.push(id);
    }
    expect(loose).toEqual([]);
    expect(checked).toBeGreaterThan(45);
  });
});
