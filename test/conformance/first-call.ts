import { Reddio } from '@reddio.com/js';

export async function aliceBalances(url = 'http://127.0.0.1:8080') {
  // Only L1 calls (deposits) need an ethers provider; the SDK's type asks for one anyway.
  const reddio = new Reddio({ env: 'test' } as any);
  // The SDK has no base-URL option; it reads its axios instance's baseURL on every call.
  (reddio as any).request.defaults.baseURL = url;
  const alice = '0x62b273b89a1cb03aea2f3b38952f5aa426fa1a04d71d61da52b26b3a26409ac';
  const { data } = await reddio.apis.getBalancesV2({ starkKey: alice });
  return data.data; // [{ symbol: 'ETH', display_value: '10', ... }, { symbol: 'RDD20', ... }, ...]
}
