// Genesis marketplaces (pinned uuids), genesis allocations without records, and the default genesis
// shipping what the official NFT marketplace app hard-codes (reference/clients.md §14).
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import { balance, order, transfer } from '../support/flows.js';

const APP_MARKETPLACE = '11ed793a-cc11-4e44-9738-97165c4e14a7';
const RED20 = '0xba95D91ba3f49c3e2911A85D06725db9DD19B3C1';
const APP_NFT = '0x620A610D4EEb5994053B4D150Aff6d7119e1f045';
const AIRDROP_KEY = '0x503756893a0a80b4e650b7bbb6fe3485b04c3a68e2bf31161e55ae43a23d100';

describe('the default genesis and the marketplace app', () => {
  it("orders may name the app's marketplace: a 0.001 ETH sale pays 1.5% to its payee (before: refused with 19)", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const market = c.dn.devnet.accounts().accounts.find((a) => a.name === 'market')!;
    const ask = await order(c, alice, {
      contract2: `ERC721:${REDDIO721}:1`,
      direction: 0,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
      marketplaceUuid: APP_MARKETPLACE,
    });
    expect(ask.body.status).toBe('OK');
    await order(c, bob, {
      contract2: `ERC721:${REDDIO721}:1`,
      direction: 1,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
      marketplaceUuid: APP_MARKETPLACE,
    });
    expect(await balance(c, market.stark_key, ETH_ASSET)).toEqual({ available: 15, frozen: 0 });
    expect((await c.get('/v1/order?order_id=13')).body.data).toMatchObject({
      order_state: 2,
      fee_taken: '20',
      marketplace_uuid: APP_MARKETPLACE,
    });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it("registers the app's contracts in its checksum case and funds its airdrop key with RED20, without a record", async () => {
    const c = testClient();
    const rows = (await c.get(`/v3/balances?stark_key=${AIRDROP_KEY}&limit=1000`)).body.data;
    expect(rows).toEqual([expect.objectContaining({ contract_address: RED20, type: 'ERC20', balance_available: 1_000_000_000_000 })]);
    expect((await c.get(`/v1/contract_info?contract_address=${APP_NFT.toLowerCase()}`)).body.data).toMatchObject({
      contract_address: APP_NFT,
      type: 'ERC721M',
    });
    expect((await c.get(`/v1/records?stark_key=${AIRDROP_KEY}`)).body.data.total).toBe(0);
    expect(c.dn.devnet.state.nextSequenceId).toBe(13);
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('the airdrop key can send the app\'s "100" RED20 to a user, signed with the key the app ships', async () => {
    const c = testClient();
    const airdrop = c.dn.devnet.accounts().accounts.find((a) => a.name === 'airdrop')!;
    expect(airdrop.stark_key).toBe(AIRDROP_KEY);
    const asset = (await c.get(`/v1/contract_info?contract_address=${RED20}`)).body.data.asset_type;
    const r = await transfer(c, { ...airdrop }, c.accounts.carol.stark_key, asset, 100_000_000n);
    expect(r.body.status).toBe('OK');
    const row = (await c.get(`/v3/balances?stark_key=${c.accounts.carol.stark_key}&contract_address=${RED20}`)).body.data[0];
    expect(row).toMatchObject({ contract_address: RED20, balance_available: 100_000_000 });
  });
});

describe('genesis marketplaces and allocations', () => {
  const base = {
    accounts: [{ name: 'operator' }, { name: 'ann' }],
    api_keys: [{ name: 'k' }],
    projects: [
      {
        name: 'p',
        api_key: 'k',
        contracts: [
          { type: 'ERC20', address: '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086', symbol: 'T' },
          { type: 'ERC721', address: REDDIO721 },
        ],
      },
    ],
  };

  it('a marketplace with a pinned uuid is usable at once; one without gets a uuid from the seed', async () => {
    const c = testClient({
      genesis: {
        ...base,
        marketplaces: [
          { name: 'M', uuid: '11ED793A-CC11-4E44-9738-97165C4E14A7', payee: 'ann', fee: '0.02', api_key: 'k' },
          { name: 'N', payee: 'operator', fee: '0', api_key: 'k', project: 'p' },
        ],
      },
    });
    const m = [...c.dn.devnet.state.marketplaces.values()];
    expect(m.map((x) => [x.uuid.length, x.name, x.fee.text])).toEqual([
      [36, 'M', '0.02'],
      [36, 'N', '0'],
    ]);
    expect(m[0]!.uuid).toBe(APP_MARKETPLACE);
  });

  it('allocates a fungible balance with "record": false: issued, no record, no sequence id', async () => {
    const c = testClient({
      genesis: {
        ...base,
        deposits: [{ account: 'ann', contract: '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086', amount: '5', record: false }],
      },
    });
    const ann = c.dn.devnet.accounts().accounts.find((a) => a.name === 'ann')!;
    expect((await c.get(`/v1/balances?stark_key=${ann.stark_key}`)).body.data.list[0]).toMatchObject({ balance_available: 5 });
    expect(c.dn.devnet.state.nextSequenceId).toBe(1);
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'an unknown API key',
      { marketplaces: [{ name: 'M', payee: 'ann', fee: '0.01', api_key: 'nobody' }] },
      /genesis.marketplaces\[0\].api_key: names no entry/,
    ],
    [
      'an unknown payee',
      { marketplaces: [{ name: 'M', payee: 'bob', fee: '0.01', api_key: 'k' }] },
      /genesis.marketplaces\[0\].payee: names no account/,
    ],
    [
      'a payee off the curve',
      { marketplaces: [{ name: 'M', payee: '0x100000000000000000000000000000000000000000000000001', fee: '0.01', api_key: 'k' }] },
      /genesis.marketplaces\[0\].payee/,
    ],
    [
      'a fee of 1',
      { marketplaces: [{ name: 'M', payee: 'ann', fee: '1', api_key: 'k' }] },
      /genesis.marketplaces\[0\].fee: fee must be a decimal string in \[0, 1\)/,
    ],
    [
      'a malformed uuid',
      { marketplaces: [{ name: 'M', payee: 'ann', fee: '0.01', api_key: 'k', uuid: 'market-1' }] },
      /genesis.marketplaces\[0\].uuid: must be a UUID/,
    ],
    [
      'a duplicate uuid',
      {
        marketplaces: [
          { name: 'M', payee: 'ann', fee: '0.01', api_key: 'k', uuid: APP_MARKETPLACE },
          { name: 'N', payee: 'ann', fee: '0.01', api_key: 'k', uuid: APP_MARKETPLACE },
        ],
      },
      /genesis.marketplaces\[1\].uuid: duplicate marketplace/,
    ],
    [
      'an unknown project',
      { marketplaces: [{ name: 'M', payee: 'ann', fee: '0.01', api_key: 'k', project: 'q' }] },
      /genesis.marketplaces\[0\].project: names no project/,
    ],
    [
      '"record" that is not a boolean',
      { deposits: [{ account: 'ann', contract: '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086', amount: '5', record: 'no' }] },
      /genesis.deposits\[0\].record: must be true or false/,
    ],
    [
      '"record": false for an NFT',
      { deposits: [{ account: 'ann', contract: REDDIO721, amount: '1', record: false }] },
      /genesis.deposits\[0\]: "record": false is for fungible deposits/,
    ],
  ])('refuses %s, naming the field', (_what, extra, message) => {
    expect(() => testClient({ genesis: { ...base, ...extra } })).toThrow(message);
  });

  it('the marketplace endpoints still refuse an unknown marketplace uuid with 19', async () => {
    const c = testClient();
    const r = await order(c, c.accounts.alice, {
      contract2: `ERC721:${REDDIO721}:1`,
      direction: 0,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
      marketplaceUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(failedCode(r)).toBe(19);
  });
});
