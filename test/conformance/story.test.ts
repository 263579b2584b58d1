// One whole story driven by the official SDK: fund through the control plane, list an NFT, buy it,
// check every balance including the operator's fee, withdraw both sides, batch to L1, claim.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ETH_ASSET, REDDIO721, bare, startConformance } from './support.js';
import type { Conformance } from './support.js';

let t: Conformance;
beforeAll(async () => {
  t = await startConformance();
});
afterAll(async () => t.close());

it('alice sells REDDIO721 #7 to bob for 0.05 ETH, both withdraw, the batches reach L1, the withdraw areas fill and are claimed', async () => {
  const { sdk } = t;
  const { alice, bob, operator } = t.accounts;

  // 1. Funding through the control plane: the NFT to alice, 1 ETH to bob.
  await t.deposit(alice, REDDIO721, { token_id: '7' });
  await t.deposit(bob, 'eth', { amount: '1000000' });
  const { assetId: nft } = await sdk.utils.getAssetTypeAndId({ type: 'ERC721', tokenAddress: REDDIO721, tokenId: 7 });
  expect((await t.get(`/v1/assetid?type=ERC721&contract_address=${REDDIO721}&token_id=7`)).data.asset_id).toBe(nft);

  // 2. alice lists it at 0.05 ETH.
  const sell = await sdk.apis.order(
    await sdk.utils.getOrderParams({
      keypair: { privateKey: bare(alice), publicKey: alice.stark_key },
      amount: '1',
      price: '0.05',
      tokenAddress: REDDIO721,
      tokenId: 7,
      tokenType: 'ERC721',
      orderType: 'sell',
    }),
  );
  const sellId = sell.data.data.sequence_id;
  expect((await sdk.apis.orderList({ contractAddress: REDDIO721 })).data.data.list.map((o) => o.order_id)).toEqual([sellId]);

  // 3. bob buys it at the same price.
  const buy = await sdk.apis.order(
    await sdk.utils.getOrderParams({
      keypair: { privateKey: bare(bob), publicKey: bob.stark_key },
      amount: '1',
      price: '0.05',
      tokenAddress: REDDIO721,
      tokenId: 7,
      tokenType: 'ERC721',
      orderType: 'buy',
    }),
  );
  const buyId = buy.data.data.sequence_id;
  for (const id of [sellId, buyId]) expect((await sdk.apis.getOrderInfoWithId(id)).data.data).toMatchObject({ order_state: 2 });

  // 4. Every balance: 50000 quantized units change hands; 0.5% (250) goes to the operator.
  const eth = async (who: { stark_key: string }) =>
    (await sdk.apis.getBalance({ starkKey: who.stark_key, assetId: ETH_ASSET })).data.data.balance_available;
  expect(await eth(alice)).toBe(49_750);
  expect(await eth(operator)).toBe(250);
  expect(await eth(bob)).toBe(950_000);
  expect((await eth(alice)) + (await eth(operator)) + (await eth(bob))).toBe(1_000_000);
  expect(await t.balance(bob, nft)).toEqual({ available: 1, frozen: 0 });
  expect(await t.balance(alice, nft)).toEqual({ available: 0, frozen: 0 });
  expect((await sdk.apis.getBalancesV2({ starkKey: bob.stark_key })).data.data.map((r) => [r.contract_address, r.display_value])).toEqual([
    ['eth', '0.95'],
    [REDDIO721, '1'],
  ]);
  const sellRecord = (await sdk.apis.getRecord({ starkKey: alice.stark_key, sequenceId: sellId })).data.data as unknown as Array<
    Record<string, unknown>
  >;
  expect(sellRecord[0]).toMatchObject({ 'order.fee_taken': '250', 'order.volume': '50000', 'order.price': '50000' });

  // 5. Both withdraw what they now hold: bob the NFT, alice her proceeds (0.04975 ETH).
  const w1 = await sdk.apis.withdrawalFromL2({
    starkKey: bob.stark_key,
    privateKey: bare(bob),
    receiver: bob.eth_address,
    type: 'ERC721',
    contractAddress: REDDIO721,
    tokenId: 7,
  });
  const w2 = await sdk.apis.withdrawalFromL2({
    starkKey: alice.stark_key,
    privateKey: bare(alice),
    receiver: alice.eth_address,
    type: 'ETH',
    amount: '0.04975',
  });
  const [bobW, aliceW] = [w1.data.data.sequence_id, w2.data.data.sequence_id];
  expect(await eth(alice)).toBe(0);
  expect(await t.balance(bob, nft)).toEqual({ available: 0, frozen: 0 });
  const status = async (who: { stark_key: string }, seq: number) =>
    ((await sdk.apis.getRecord({ starkKey: who.stark_key, sequenceId: seq })).data.data as unknown as Array<{ status: number }>)[0]!.status;
  expect([await status(bob, bobW), await status(alice, aliceW)]).toEqual([1, 1]);
  const area = async (ethaddress: string) => (await sdk.apis.withdrawalStatus({ ethaddress, stage: 'withdrawarea' })).data.data;
  expect(await area(alice.eth_address)).toEqual([]);

  // 6. Batches: L2 then L1; every record of the story reaches 6 (AcceptedOnL1).
  const moved = await t.post('/_devnet/batches', { layer: 'both' });
  expect(moved.moved).toEqual(expect.arrayContaining([sellId, buyId, bobW, aliceW]));
  expect([await status(bob, bobW), await status(alice, aliceW), await status(alice, sellId), await status(bob, buyId)]).toEqual([
    6, 6, 6, 6,
  ]);

  // 7. The withdraw areas, then the L1 claims empty them.
  expect(await area(bob.eth_address)).toEqual([
    expect.objectContaining({ contract_address: REDDIO721, type: 'ERC721', token_id: '7', asset_id: nft, amount: 1 }),
  ]);
  expect(await area(alice.eth_address)).toEqual([
    expect.objectContaining({ contract_address: 'eth', type: 'ETH', amount: 49_750, display_value: '0.04975' }),
  ]);
  expect(await t.post('/_devnet/withdrawals/claim', { ethaddress: alice.eth_address, asset_id: ETH_ASSET })).toMatchObject({
    amount: 49_750,
  });
  expect(await t.post('/_devnet/withdrawals/claim', { ethaddress: bob.eth_address, asset_id: nft })).toMatchObject({ amount: 1 });
  expect([await area(alice.eth_address), await area(bob.eth_address)]).toEqual([[], []]);
  expect(await t.get('/_devnet/invariants')).toMatchObject({ ok: true, violations: [] });
});
