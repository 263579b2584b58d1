// The control client is built from the control plane's route declarations (src/http/routes/control.ts,
// state.ts, faults.ts), not written again: every method calls the route it is named for, and every
// /_devnet route of /openapi.json is either one of them or named here with why the client leaves it out,
// and each method's answer is typed by its route's response schema.
import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { controlClient, DevnetRequestError, type DevnetControl } from '../../src/emulator/control-client.js';
import { CONTROL_ROUTES } from '../../src/http/routes/control.js';
import { FAULT_ROUTES } from '../../src/http/routes/faults.js';
import { STATE_ROUTES } from '../../src/http/routes/state.js';

const DECLARED = { ...CONTROL_ROUTES, ...STATE_ROUTES, ...FAULT_ROUTES };
/** `METHOD /path` as /openapi.json names a route (`:name` as `{name}`). */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;

/** Arguments for every method, typed by the client: a method added to it must be added here. */
const ARGS: { [K in keyof DevnetControl]: Parameters<DevnetControl[K]> } = {
  health: [],
  accounts: [],
  config: [],
  createApiKey: [],
  invariants: [],
  deposit: [{ stark_key: '0x1', contract_address: 'eth', amount: 1 }],
  setBalance: [{ stark_key: '0x1', contract_address: 'eth', amount: 0 }],
  batches: ['l2'],
  setRecordStatus: [7, 3],
  clock: [{ advance_seconds: 1 }],
  claim: [{ ethaddress: '0x1', asset_id: '0x2' }],
  snapshot: [],
  revert: ['snap/1'],
  deleteSnapshot: ['snap/1'],
  reset: [],
  dumpState: [],
  loadState: [{}],
  addFault: [{ path: '/v1/records' }],
  faults: [],
  clearFaults: [],
};
/** The path parameters ARGS gives, as the route's path carries them (encoded). */
const PARAMS: Record<string, string> = { sequence_id: '7', id: 'snap/1' };

/** Control routes the client does not call, and why. */
const NOT_IN_CLIENT: Record<string, string> = {
  'GET /_devnet/overview': "the explorer page's read (src/explorer): its shape follows the page",
  'GET /_devnet/search': "the explorer page's search box",
  'GET /_devnet/explorer/records': "the explorer page's record list",
  'GET /_devnet/explorer/accounts/{stark_key}': "the explorer page's account view",
  'GET /_devnet/explorer/records/{sequence_id}': "the explorer page's record view",
  'GET /_devnet/explorer/orders/{order_id}': "the explorer page's order view",
  'GET /_devnet/explorer/contracts/{address}': "the explorer page's contract view",
  'GET /_devnet/explorer/files/{cid}': "the explorer page's file view",
  'GET /_devnet/requests': "the explorer's request journal (the inspector)",
  'DELETE /_devnet/requests': "the explorer's request journal (the inspector)",
  'GET /_devnet/events': 'a server-sent event stream, not a JSON answer (EventSource reads it)',
  'GET /_devnet/namespaces': 'the namespace registry, above any one devnet: l2-devnet/testing and the vitest helpers manage namespaces',
  'DELETE /_devnet/namespaces/{name}': 'the namespace registry, above any one devnet',
};

describe('the control client', () => {
  it('has a method for each declared control route, and each /_devnet route is in it or named as left out', async () => {
    const dn = createDevnet();
    const client = controlClient(dn.fetch, 'http://devnet.test');
    expect(Object.keys(client).sort()).toEqual(Object.keys(DECLARED).sort());
    const doc = (await (await dn.fetch('http://devnet.test/openapi.json')).json()) as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/_devnet/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => key(m, path)));
    const inClient = Object.values(DECLARED).map((d) => key(d.method, d.path));
    expect(documented.filter((r) => !inClient.includes(r) && !(r in NOT_IN_CLIENT))).toEqual([]);
    expect(inClient.every((r) => documented.includes(r))).toBe(true);
    await dn.close();
  });

  it('sends each call to its declared method and path, parameters encoded', async () => {
    const seen: string[] = [];
    const dn = createDevnet();
    const client = controlClient(async (url, init) => {
      seen.push(`${init.method} ${url.replace('http://devnet.test', '')}`);
      return dn.fetch(url, init);
    }, 'http://devnet.test');
    const { id } = await client.snapshot();
    await client.setRecordStatus(1, 3).catch(() => undefined);
    await client.deleteSnapshot(id);
    await client.revert('no such/id').catch((e: Error) => expect(e.name).toBe('DevnetRequestError'));
    expect(seen).toEqual([
      'POST /_devnet/snapshots',
      'POST /_devnet/records/1/status',
      `DELETE /_devnet/snapshots/${id}`,
      'POST /_devnet/snapshots/no%20such%2Fid/revert',
    ]);
    await dn.close();
  });

  // Each method on its own: a method wired to another name's route (or a route's path or method changed
  // by hand in the client) fails here, and every call carries the token and throws a FAILED answer.
  it('sends every method to the route of its name, with the token, and throws its FAILED answer', async () => {
    const sent: string[] = [];
    const client = controlClient(
      async (url, init) => {
        sent.push(`${init.method} ${url.replace('http://devnet.test', '')} ${new Headers(init.headers).get('authorization')}`);
        return new Response('{"status":"FAILED","error":"refused","error_code":19}', { status: 400 });
      },
      'http://devnet.test',
      { token: 't' },
    );
    const names = Object.keys(ARGS) as (keyof DevnetControl)[];
    for (const name of names) {
      const call = client[name] as (...args: unknown[]) => Promise<unknown>;
      await expect(call(...ARGS[name])).rejects.toEqual(new DevnetRequestError(19, 'refused', 400));
    }
    // A path parameter with no value in PARAMS (one renamed or added) stops the test rather than matching "undefined".
    const fill = (path: string) =>
      path.replace(/:(\w+)/g, (_, p: string) => {
        if (PARAMS[p] === undefined) throw new Error(`PARAMS has no value for :${p} (${path})`);
        return encodeURIComponent(PARAMS[p]);
      });
    const expected = names.map((name) => `${DECLARED[name].method} ${fill(DECLARED[name].path)} Bearer t`);
    expect(sent).toEqual(expected);
  });

  // A type test: `npm run typecheck` fails on it (vitest only runs it), e.g. when a method restates its answer by hand.
  it("types each method's answer as its route's response schema does", () => {
    type Answers = { [K in keyof DevnetControl]: Awaited<ReturnType<DevnetControl[K]>> };
    type Declared = { [K in keyof typeof DECLARED]: v.InferOutput<(typeof DECLARED)[K]['response']> };
    // The dump's schema is typed as any schema in the table (see STATE_ROUTES.dumpState), so the client says what it reads.
    expectTypeOf<Omit<Answers, 'dumpState'>>().toEqualTypeOf<Omit<Declared, 'dumpState'>>();
    expectTypeOf<Answers['dumpState']>().toEqualTypeOf<Record<string, unknown>>();
  });
});
