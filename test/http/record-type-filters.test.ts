// record_type filters over several types (0 All, 6 TransferAll, 9 OrderRecordAll), which the JS SDK's
// getRecords passes through. Regression: 6 and 9 were matched as record types and listed nothing.
import { expect, it } from 'vitest';
import { ETH_ASSET, REDDIO721, testClient } from '../support/client.js';
import { order, transfer } from '../support/flows.js';

it('6 lists transfers, 9 lists ASK and BID orders, 0 lists everything; a plain type still selects only itself', async () => {
  const c = testClient();
  const { alice, bob } = c.accounts;
  await transfer(c, alice, bob.stark_key, ETH_ASSET, '100'); // 13
  await order(c, alice, { contract2: `ERC721:${REDDIO721}:1`, direction: 0, quoteAmount: '1', baseAmount: '1000', price: '1000' }); // 14
  await order(c, alice, { contract2: `ERC721:${REDDIO721}:4`, direction: 1, quoteAmount: '1', baseAmount: '500', price: '500' }); // 15
  const seqs = async (type: number) =>
    (await c.get(`/v1/records?stark_key=${alice.stark_key}&record_type=${type}`)).body.data.list.map(
      (x: { sequence_id: number }) => x.sequence_id,
    );
  expect(await seqs(6)).toEqual([13]);
  expect(await seqs(9)).toEqual([15, 14]);
  expect(await seqs(7)).toEqual([14]);
  expect(await seqs(8)).toEqual([15]);
  expect(await seqs(0)).toEqual(
    (await c.get(`/v1/records?stark_key=${alice.stark_key}`)).body.data.list.map((x: { sequence_id: number }) => x.sequence_id),
  );
  expect(await seqs(5)).toEqual([]);
});
