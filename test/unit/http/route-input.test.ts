// What a handler gets per request keeps V8's fast properties. It was an object literal with getters,
// which V8 builds in dictionary mode: each request's then lived long enough to be promoted and died in
// old space, and 3,000 nonce reads cost 60 ms of scavenges and mark-compacts instead of 17 ms
// (docs/benchmarks.md, Per-request cost). The handler's view of the fields and the input behave as before.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { text } from '../../../src/http/fields/kinds.js';
import { RouteGroup, type RouteInput } from '../../../src/http/route.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

const FIELDS = { params: { id: text() }, query: { q: text() }, body: { b: text() } };

/** A group with one POST route that keeps every input it was handed and answers what it read. */
function recordingGroup(): { group: RouteGroup; inputs: RouteInput<typeof FIELDS.params, typeof FIELDS.query, typeof FIELDS.body>[] } {
  const inputs: RouteInput<typeof FIELDS.params, typeof FIELDS.query, typeof FIELDS.body>[] = [];
  const group = new RouteGroup({ tag: 'test', reply: 'plain' }).add('POST', '/things/:id', {
    summary: 'a route for the test',
    ...FIELDS,
    handle: (input) => {
      inputs.push(input);
      const { body, query, params } = input;
      return { id: params.id, q: query.q, b: body.b, sent: input.sent('b'), key: input.apiKey };
    },
  });
  return { group, inputs };
}

const post = (group: RouteGroup, path: string, body: unknown): Promise<Response> =>
  Promise.resolve(
    group.hono.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  );

describe("a route handler's input", () => {
  it('has fast properties, request after request (an object literal with getters has not)', async () => {
    const literal = ((x: number) => ({
      a: x,
      get b() {
        return x;
      },
    }))(1);
    expect(hasFastProperties(literal)).toBe(false);
    const { group, inputs } = recordingGroup();
    for (let i = 0; i < 3; i++) expect((await post(group, `/things/t${i}?q=x`, { b: `v${i}` })).status).toBe(200);
    expect(inputs).toHaveLength(3);
    for (const input of inputs) expect(hasFastProperties(input)).toBe(true);
  });

  it('reads the path, the query and the body as declared, and tells which body fields were sent', async () => {
    const { group } = recordingGroup();
    const res = await post(group, '/things/t1?q=x', { b: 'v' });
    expect(await res.json()).toEqual({ id: 't1', q: 'x', b: 'v', sent: true, key: '' });
  });

  it('passes `sent` on as a function of its own', async () => {
    const { group, inputs } = recordingGroup();
    await post(group, '/things/t1?q=x', { b: 'v' });
    const { sent } = inputs[0]!;
    expect(sent('b')).toBe(true);
    expect(sent('other' as 'b')).toBe(false);
  });
});
