// No secret leaves through a side channel: every command kind (the list is read from src/core/devnet.ts, so a
// new kind must get a driver here) is driven through the app, and no event (as sent and as replayed
// over SSE), request journal entry, `--log json` line, metric or explorer view holds a secret the test
// knows: the genesis private keys and API keys, an --api-key, a key made by POST /_devnet/api-keys, the
// control token, a wallet's private key. The answers to the caller itself keep theirs.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/core/commands.js';
import type { CommandName } from '../../src/core/commands.js';
import type { DevnetEvent } from '../../src/core/events.js';
import type { DevnetOptions } from '../../src/index.js';
import { logWriter } from '../../src/http/request-log.js';
import { isSecretName, redact, redactQueryValue, REDACTED } from '../../src/core/redact.js';
import { signedCancelBody, signedTransferBody } from '../../src/testing.js';
import { DMINT, ETH_ASSET, RDD20, testClient } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { nonceOf, order, transfer, withdraw } from '../support/flows.js';
import { fileForm, genesisProject, storagePath, upload, uploadMetadata } from '../support/storage-files.js';

const TOKEN = 'sweep-control-token-5f0c1d9e8a7b6c5d4e3f';
const CLI_KEY = 'sweep-cli-api-key-0a1b2c3d4e5f60718293';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const L1 = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';
const NEW_721 = '0x78416ee8ea616ba5e1530007d9abc9766a24146a';

interface Watched {
  c: TestClient;
  events: DevnetEvent[];
  logLines: string[];
}

/** A devnet whose every request carries the control token, with its events and `--log json` lines captured. */
function watched(options: DevnetOptions = {}): Watched {
  const logLines: string[] = [];
  // Both formats: the JSON lines (pino) and the pretty ones.
  const json = logWriter('json', (line) => logLines.push(line))!;
  const pretty = logWriter('pretty', (line) => logLines.push(line))!;
  const c0 = testClient({ controlToken: TOKEN, apiKeys: [CLI_KEY], onRequest: (e) => (json(e), pretty(e)), ...options });
  const events: DevnetEvent[] = [];
  c0.dn.devnet.onEvent((e) => events.push(e));
  const c: TestClient = {
    ...c0,
    get: (p, h) => c0.get(p, { ...AUTH, ...h }),
    post: (p, b, h) => c0.post(p, b, { ...AUTH, ...h }),
    delete: (p, h) => c0.delete(p, { ...AUTH, ...h }),
  };
  return { c, events, logLines };
}

interface Sweep {
  c: TestClient;
  /** Secrets learnt along the way (a new API key, wallets' private keys). */
  secrets: string[];
  /** Values one driver leaves for a later one. */
  got: Record<string, any>;
  /** Devnets beside the main one (tick needs the wall clock). */
  others: Watched[];
}

const ok = (r: { body: any; text: string }) => {
  if (r.body?.status === 'FAILED' || r.body === undefined) throw new Error(`refused: ${r.text}`);
  return r.body;
};
const keyed = (key: string) => ({ 'x-api-key': key });

/** One driver per command kind, run in this order; each makes the command change the state (so it is published). */
const DRIVERS: Record<CommandName, (s: Sweep) => Promise<unknown>> = {
  wallets: async (s) => {
    const w = ok(await s.c.get('/v1/wallets?count=3')).wallets as Array<{ stark_key: string; stark_private_key: string }>;
    s.secrets.push(...w.map((x) => x.stark_private_key));
    s.got.wallet = w[0]!.stark_key;
  },
  vaults: async (s) => ok(await s.c.get(`/v1/vaults?stark_keys=${s.got.wallet}&asset_id=${ETH_ASSET}`)),
  orderInfo: async (s) => ok(await s.c.get(`/v1/order/info?stark_key=${s.got.wallet}&contract1=ETH:ETH&contract2=ERC20:${RDD20}`)),
  placeOrder: async (s) => {
    s.got.order = ok(
      await order(s.c, s.c.accounts.alice, {
        contract2: `ERC20:${RDD20}`,
        direction: 0,
        quoteAmount: '1000000',
        baseAmount: '500000',
        price: '0.5',
      }),
    ).data.sequence_id;
  },
  cancelOrder: async (s) =>
    ok(
      await s.c.post(
        `/v1/orders/${s.got.order}/cancel`,
        signedCancelBody(s.c.accounts.alice.stark_key, s.c.accounts.alice.private_key, s.got.order),
      ),
    ),
  createApiKey: async (s) => {
    const key = ok(await s.c.post('/_devnet/api-keys', {})).api_key as string;
    s.secrets.push(key);
    s.got.key = key;
  },
  createProject: async (s) => {
    s.got.project = ok(await s.c.post('/v1/project', { project_name: 'Sweep' }, keyed(s.got.key))).data.project_uuid;
  },
  renameProject: async (s) =>
    ok(await s.c.post('/v1/project/edit_project', { project_uuid: s.got.project, new_project_name: 'Swept' }, keyed(s.got.key))),
  createContract: async (s) => {
    s.got.contract = ok(
      await s.c.post(
        '/v1/project/contract',
        { project_uuid: s.got.project, contract_type: 'ERC721', contract_address: NEW_721, contract_count: 10000 },
        keyed(s.got.key),
      ),
    ).data.contract_uuid;
  },
  removeContract: async (s) => ok(await s.c.post('/v1/project/remove_contract', { contract_uuid: s.got.contract }, keyed(s.got.key))),
  removeProject: async (s) => ok(await s.c.post('/v1/project/remove_project', { project_uuid: s.got.project }, keyed(s.got.key))),
  createMarketplace: async (s) =>
    ok(
      await s.c.post(
        '/v1/marketplace',
        {
          marketplace_name: 'Bazaar',
          marketplace_payee_address: s.c.accounts.carol.stark_key,
          marketplace_fee: '0.015',
          project_uuid: await genesisProject(s.c),
        },
        keyed(s.c.apiKey),
      ),
    ),
  transfer: async (s) => ok(await transfer(s.c, s.c.accounts.alice, s.c.accounts.bob.stark_key, ETH_ASSET, '500')),
  batchTransfer: async (s) => {
    const { alice, bob } = s.c.accounts;
    const n = await nonceOf(s.c, alice.stark_key);
    const item = { ...(await signedMove(s.c, alice, bob.stark_key, 1000n, n)), amount: '0.001' };
    ok(
      await s.c.post('/v1/batchtransfer', {
        transfers: [item],
        stark_key: alice.stark_key,
        nonce: n,
        signature: { r: '0x5', s: '0x6', stark_key: alice.stark_key },
        base_token_transfer_seq_id: null,
      }),
    );
  },
  multiTransfer: async (s) => {
    const { alice, bob } = s.c.accounts;
    const ab = await signedMove(s.c, alice, bob.stark_key, 170n, await nonceOf(s.c, alice.stark_key));
    ok(await s.c.post('/v1/multitransfer', { transfers: [ab], signature: ab.signature }));
  },
  withdraw: async (s) => ok(await withdraw(s.c, s.c.accounts.alice, L1, ETH_ASSET, '1000000')),
  mint: async (s) =>
    ok(await s.c.post('/v1/mints', { contract_address: DMINT, stark_key: s.c.accounts.carol.stark_key, amount: '1' }, keyed(s.c.apiKey))),
  batches: async (s) => ok(await s.c.post('/_devnet/batches', { layer: 'both' })),
  claim: async (s) => ok(await s.c.post('/_devnet/withdrawals/claim', { ethaddress: L1, asset_id: ETH_ASSET })),
  moveRecord: async (s) => {
    const seq = ok(await transfer(s.c, s.c.accounts.bob, s.c.accounts.carol.stark_key, ETH_ASSET, '7')).data.sequence_id;
    ok(await s.c.post(`/_devnet/records/${seq}/status`, { status: 3 }));
  },
  setClock: async (s) => ok(await s.c.post('/_devnet/clock', { advance_seconds: 60 })),
  deposit: async (s) => ok(await s.c.post('/_devnet/deposit', { stark_key: s.got.wallet, contract_address: 'eth', amount: '5' })),
  // Only the L1 bridge issues it (test/l1/bridge.test.ts drives it from Anvil): called directly here.
  l1Deposit: async (s) => s.c.dn.devnet.l1Deposit({ starkKey: s.got.wallet, contractAddress: 'eth', amount: 3n }, `0x${'ab'.repeat(32)}`),
  setBalance: async (s) => ok(await s.c.post('/_devnet/set-balance', { stark_key: s.got.wallet, contract_address: 'eth', amount: '7' })),
  recordUpload: async (s) => {
    s.got.cid = ok(await upload(s.c, await genesisProject(s.c), fileForm('sweep.txt', new TextEncoder().encode('swept')))).data.cid;
  },
  setTokenMetadata: async (s) => {
    const contracts = ok(await s.c.get('/v1/project', keyed(s.c.apiKey))).data.flatMap((p: any) => p.contracts);
    const nft = contracts.find((x: any) => x.type === 'ERC721M' || x.type === 'ERC721');
    ok(await uploadMetadata(s.c, nft.contract_uuid, { token_id: '1', name: 'Swept', additional_kv: '{"power":1}' }));
  },
  removeUpload: async (s) => ok(await s.c.post(`${storagePath(await genesisProject(s.c))}/remove`, { cid: s.got.cid }, keyed(s.c.apiKey))),
  snapshot: async (s) => {
    s.got.snapshot = ok(await s.c.post('/_devnet/snapshots', {})).id;
  },
  revert: async (s) => {
    await s.c.post('/_devnet/deposit', { stark_key: s.got.wallet, contract_address: 'eth', amount: '1' });
    ok(await s.c.post(`/_devnet/snapshots/${s.got.snapshot}/revert`, {}));
  },
  deleteSnapshot: async (s) => {
    const id = ok(await s.c.post('/_devnet/snapshots', {})).id;
    ok(await s.c.delete(`/_devnet/snapshots/${id}`));
  },
  // Only the wall clock with interval batches journals a tick: a devnet of its own.
  tick: async (s) => {
    const w = watched({ clock: 'wall', settlement: { interval: 1 } });
    s.others.push(w);
    ok(await w.c.get(`/v1/nonce?stark_key=${w.c.accounts.alice.stark_key}`));
  },
};

async function signedMove(c: TestClient, from: Account, to: string, amount: bigint, nonce: number) {
  const vaults = (await c.get(`/v1/vaults?stark_keys=${from.stark_key},${to}&asset_id=${ETH_ASSET}`)).body.data.vault_ids;
  return signedTransferBody({
    starkKey: from.stark_key,
    privateKey: from.private_key,
    assetId: ETH_ASSET,
    amount,
    nonce,
    vaultId: vaults[0],
    receiver: to,
    receiverVaultId: vaults[1],
  });
}

/** The events of a devnet as its stream replays them (Last-Event-ID 0), read up to the last one sent. */
async function replayed(w: Watched): Promise<string> {
  const last = w.events.at(-1)!.seq;
  const res = await w.c.dn.fetch('http://devnet.test/_devnet/events', { headers: { ...AUTH, 'last-event-id': '0' } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(`\nid: ${last}\n`) && !text.includes(`id: ${last}\n`)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

/** Everything a watcher of `w` can read: events (sent and replayed), the journal, the log, /metrics, the explorer's views. */
async function sideChannels(w: Watched, got: Record<string, any>): Promise<Record<string, string>> {
  const { c } = w;
  const text = async (path: string) => (await c.get(path)).text;
  const views: string[] = [];
  for (const path of [
    '/_devnet/overview',
    '/_devnet/explorer/records?limit=200',
    '/_devnet/search?q=alice',
    `/_devnet/search?q=${c.accounts.alice.stark_key}`,
  ])
    views.push(await text(path));
  for (const a of Object.values(c.accounts)) views.push(await text(`/_devnet/explorer/accounts/${a.stark_key}`));
  if (got.wallet) views.push(await text(`/_devnet/explorer/accounts/${got.wallet}`));
  for (let seq = 1; seq < c.dn.devnet.state.nextSequenceId; seq++) views.push(await text(`/_devnet/explorer/records/${seq}`));
  if (got.order) views.push(await text(`/_devnet/explorer/orders/${got.order}`));
  for (const address of [DMINT, RDD20, 'eth']) views.push(await text(`/_devnet/explorer/contracts/${address}`));
  if (got.cid) views.push(await text(`/_devnet/explorer/files/${got.cid}`));
  return {
    events: w.events.map((e) => JSON.stringify(e)).join('\n'),
    stream: await replayed(w),
    journal: await text('/_devnet/requests?limit=1000'),
    metrics: await text('/metrics'),
    views: views.join('\n'),
    log: w.logLines.join(''),
  };
}

/** Pieces of 16 hex digits (or characters) every 8: a secret cut short (as a summary cuts) is still found. */
function pieces(secret: string): string[] {
  const s = secret.replace(/^0x/i, '').toLowerCase();
  if (s.length <= 16) return [s];
  const out: string[] = [];
  for (let i = 0; i + 16 <= s.length; i += 8) out.push(s.slice(i, i + 16));
  out.push(s.slice(-16));
  return out;
}

describe('no secret in events, the request journal, log lines, metrics or explorer views', () => {
  it('every command kind, driven through the app, leaves no known secret anywhere but in the answers to its caller', async () => {
    const main = watched();
    const genesis = ok(await main.c.get('/_devnet/accounts'));
    const s: Sweep = {
      c: main.c,
      secrets: [TOKEN, CLI_KEY, ...genesis.api_keys, ...genesis.accounts.map((a: { private_key: string }) => a.private_key)],
      got: {},
      others: [],
    };
    // The sweep itself is derived from the code: a command kind without a driver fails here.
    expect(Object.keys(DRIVERS).sort()).toEqual([...COMMANDS].sort());
    for (const [cmd, drive] of Object.entries(DRIVERS)) {
      try {
        await drive(s);
      } catch (e) {
        throw new Error(`driving ${cmd}: ${(e as Error).message}`);
      }
    }
    // The whole-state swaps publish events too.
    const dump = (await main.c.get('/_devnet/state')).text;
    ok(await main.c.postRaw('/_devnet/state', dump, AUTH));
    ok(await main.c.post('/_devnet/reset', {}));

    const all = [main, ...s.others];
    const published = new Set(all.flatMap((w) => w.events.filter((e) => e.type === 'command').map((e) => e.cmd)));
    expect(
      [...COMMANDS].filter((cmd) => !published.has(cmd)),
      'command kinds that published no event',
    ).toEqual([]);
    expect(published).toContain('reset');
    expect(published).toContain('load');
    // The secrets are real: the answers to their callers carry them.
    expect(s.secrets.length).toBeGreaterThan(8);
    expect(main.events.find((e) => e.type === 'command' && e.cmd === 'wallets')!.summary).toContain(`"stark_private_key":"${REDACTED}"`);

    for (const w of all) {
      const channels = await sideChannels(w, w === main ? s.got : {});
      for (const [channel, text] of Object.entries(channels)) {
        expect(text.length, channel).toBeGreaterThan(0);
        const low = text.toLowerCase();
        for (const secret of s.secrets) {
          const leaked = pieces(secret).find((p) => low.includes(p));
          expect(leaked, `${channel} holds part of the secret ${secret}`).toBeUndefined();
        }
      }
    }
  });
});

describe('the rule (src/core/redact.ts)', () => {
  it('names of private keys, secrets, API keys, authorization and control tokens are secret; stark keys and NFT tokens are not', () => {
    for (const name of [
      'private_key',
      'stark_private_key',
      'privateKey',
      'client_secret',
      'password',
      'api_key',
      'apiKey',
      'x-api-key',
      'api_keys',
      'authorization',
      'Bearer',
      'control_token',
      'accessToken',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['stark_key', 'token_id', 'tokens', 'token_type', 'author', 'signature', 'r', 'sequence_id', 'eth_address', 'owner'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('a query also drops any token and a signature; a value is masked at any depth, and left as it is (same object) when nothing is secret', () => {
    expect(['signature', 'r', 's', 'token', 'api_key', 'key', 'KEY'].map((k) => redactQueryValue(k, 'v'))).toEqual(Array(7).fill(REDACTED));
    expect(['stark_key', 'stark_keys', 'contract_address', 'asset_id'].map((k) => redactQueryValue(k, '0x1'))).toEqual([
      '0x1',
      '0x1',
      '0x1',
      '0x1',
    ]);
    const plain = { a: [{ stark_key: '0x1' }], n: 5n };
    expect(redact(plain)).toBe(plain);
    const input = { wallets: [{ stark_key: '0x1', stark_private_key: '0x2' }], api_key: 'k', deep: { x: { privateKey: '0x3' } } };
    expect(redact(input)).toEqual({
      wallets: [{ stark_key: '0x1', stark_private_key: REDACTED }],
      api_key: REDACTED,
      deep: { x: { privateKey: REDACTED } },
    });
    expect(input.wallets[0]!.stark_private_key).toBe('0x2');
  });
});
