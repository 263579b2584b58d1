import { Reddio } from '@reddio.com/js';

export async function aliceBalances(url = 'http://127.0.0.1:8080') {
  // Only L1 calls (deposits) need an ethers provider; the SDK's type asks for one anyway.
  const reddio = new Reddio({ env: 'test' } as any);
  // The SDK has no base-URL option; it reads its axios instance's baseURL on every call.
  (reddio as any).request.defaults.baseURL = url;
  const alice = '0x56a34063868d77d9b19f099788821022489a0b7f7982034234001a06dbbaa63';
  const { data } = await reddio.apis.getBalancesV2({ starkKey: alice });
  return data.data; // [{ symbol: 'ETH', display_value: '10', ... }, { symbol: 'RDD20', ... }, ...]
}
