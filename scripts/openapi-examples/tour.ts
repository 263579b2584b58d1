// The fixed tour of the default genesis whose exchanges become the examples of /openapi.json: every
// operation with a JSON answer is called at least once, with bodies signed as the SDKs sign them
// (src/scenario/signing.ts, as the scenario runner does). A new route needs a step here.
import { readFileSync } from 'node:fs';
import { signedCancelBody, signedOrderBody, signedTransferBody, signedWithdrawalBody } from '../../src/scenario/signing.js';

/** One call of the tour; its answer's JSON (or text) is returned, and a refusal stops the tour. */
export type Call = (method: 'GET' | 'POST' | 'DELETE', url: string, options?: CallOptions) => Promise<any>;

export interface CallOptions {
  /** A JSON body (sent as application/json), or raw text with `contentType`. */
  body?: unknown;
  /** Sends the default genesis API key. */
  key?: boolean;
  /** A multipart upload of one file (in the part `field`, default "file"), as the storage route takes it. */
  file?: { name: string; text: string; field?: string };
  /** The text fields sent beside `file`. */
  fields?: Record<string, string>;
  /** false: a lookup the tour needs, not the operation's example (the first call that is one wins). */
  example?: boolean;
}

const RDD20 = '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086';
const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
const DMINT = '0x0b26f9dBbEeF0636e90a98651a693Ceb1769d16B';
const HELLO = readFileSync(new URL('../../fixtures/uploads/hello.txt', import.meta.url), 'utf8');

interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

export async function tour(call: Call): Promise<void> {
  await call('GET', '/_devnet/health');
  const accounts = await call('GET', '/_devnet/accounts');
  const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => (accounts.accounts as Account[]).find((a) => a.name === n)!) as [
    Account,
    Account,
    Account,
  ];

  // Contracts and asset ids.
  const eth: string = (await call('GET', '/v1/contract_info?contract_address=eth', { example: false })).data.asset_type;
  await call('GET', `/v1/contract_info?contract_address=${RDD20}`);
  await call('GET', `/v1/assetid?type=ERC721&contract_address=${REDDIO721}&token_id=1`);
  await call('GET', '/v1/starkex/contracts');
  await call('GET', '/v1/wallets?count=2');
  await call('GET', `/v1/balance?stark_key=${alice.stark_key}&asset_id=${eth}`);

  // A transfer and a withdrawal of ETH, signed by alice; a batch settles them; the withdrawal is claimed.
  const transferVaults: string[] = (await call('GET', `/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${eth}`)).data
    .vault_ids;
  let nonce: number = (await call('GET', `/v1/nonce?stark_key=${alice.stark_key}`)).data.nonce;
  const move = { starkKey: alice.stark_key, privateKey: alice.private_key, assetId: eth, vaultId: transferVaults[0]! };
  const transfer = signedTransferBody({
    ...move,
    amount: 250000n,
    nonce: nonce++,
    receiver: bob.stark_key,
    receiverVaultId: transferVaults[1]!,
  });
  const transferred: number = (await call('POST', '/v1/transfers', { body: transfer })).data.sequence_id;
  const l1Vaults: string[] = (
    await call('GET', `/v1/vaults?stark_keys=${alice.stark_key},${alice.eth_address}&asset_id=${eth}`, { example: false })
  ).data.vault_ids;
  await call('POST', '/v1/withdrawalto', {
    body: signedWithdrawalBody({ ...move, amount: 100000n, nonce: nonce++, receiver: alice.eth_address, receiverVaultId: l1Vaults[1]! }),
  });
  await call('POST', '/_devnet/batches', { body: { layer: 'both' } });
  await call('GET', `/v1/withdrawal/status?stage=withdrawarea&ethaddress=${alice.eth_address}`);
  await call('POST', '/_devnet/withdrawals/claim', { body: { ethaddress: alice.eth_address, asset_id: eth } });

  // Bob's transfers to carol as the Java SDK batches them: one batch (display amounts, one nonce), one multitransfer.
  const bobToCarol: string[] = (
    await call('GET', `/v1/vaults?stark_keys=${bob.stark_key},${carol.stark_key}&asset_id=${eth}`, { example: false })
  ).data.vault_ids;
  let bobNonce: number = (await call('GET', `/v1/nonce?stark_key=${bob.stark_key}`, { example: false })).data.nonce;
  const fromBob = (amount: bigint, n: number) =>
    signedTransferBody({
      starkKey: bob.stark_key,
      privateKey: bob.private_key,
      assetId: eth,
      amount,
      nonce: n,
      vaultId: bobToCarol[0]!,
      receiver: carol.stark_key,
      receiverVaultId: bobToCarol[1]!,
    });
  const item = fromBob(1000n, bobNonce);
  const batch = {
    transfers: [{ ...item, amount: '0.001' }],
    stark_key: bob.stark_key,
    nonce: bobNonce++,
    signature: { ...(item.signature as object), stark_key: bob.stark_key },
  };
  await call('POST', '/v1/batchtransfer', { body: batch });
  const multi = [fromBob(2000n, bobNonce++), fromBob(3000n, bobNonce++)];
  await call('POST', '/v1/multitransfer', { body: { transfers: multi, signature: multi[0]!.signature } });

  // A mint on the ERC721M contract of the default project.
  const minted: number = (
    await call('POST', '/v1/mints', { key: true, body: { contract_address: DMINT, stark_key: carol.stark_key, amount: 1 } })
  ).data.sequence_ids[0];

  // REDDIO721 #1 sold by alice to bob at 0.001 ETH; #2 left for sale at 0.002; #3 offered and cancelled.
  const order = async (who: Account, direction: 0 | 1, token: number, price: bigint): Promise<number> => {
    const info = (await call('GET', `/v1/order/info?stark_key=${who.stark_key}&contract1=ETH:ETH&contract2=ERC721:${REDDIO721}:${token}`))
      .data;
    const body = signedOrderBody({
      starkKey: who.stark_key,
      privateKey: who.private_key,
      direction,
      baseToken: info.base_token,
      quoteToken: info.asset_ids[1],
      quoteAmount: 1n,
      baseAmount: price,
      price: price.toString(),
      baseVault: info.vault_ids[0],
      quoteVault: info.vault_ids[1],
      nonce: info.nonce,
    });
    return (await call('POST', '/v1/order', { body })).data.sequence_id;
  };
  const sold = await order(alice, 0, 1, 1000n);
  await order(bob, 1, 1, 1000n);
  await order(alice, 0, 2, 2000n);
  const withdrawn = await order(alice, 0, 3, 3000n);
  await call('POST', `/v1/orders/${withdrawn}/cancel`, { body: signedCancelBody(alice.stark_key, alice.private_key, withdrawn) });
  await call('GET', `/v1/orders?contract_address=${REDDIO721}&limit=2`);
  await call('GET', `/v1/order?order_id=${sold}`);
  await call('GET', `/v1/depth?base_contract=eth&quote_contract=${REDDIO721}`);
  await call('GET', `/v1/trades?order_id=${sold}&limit=2`);
  await call('GET', `/v1/collection?quote_contract_address=${REDDIO721}&limit=2`);
  await call('GET', `/v1/collection/${REDDIO721}`);
  await call('GET', '/v1/collections?page=1&perPage=2');
  await call('GET', `/v1/nfts/${REDDIO721}?limit=2`);
  await call('GET', `/v1/contracts/${REDDIO721}/tokens?limit=2`);

  // What alice and carol hold now, and alice's records.
  await call('GET', `/v1/balances?stark_key=${alice.stark_key}&limit=2`);
  await call('GET', `/v2/balances?stark_key=${carol.stark_key}`);
  await call('GET', `/v3/balances?stark_key=${carol.stark_key}`);
  await call('GET', `/v1/records?stark_key=${alice.stark_key}&limit=2`);
  await call('GET', `/v1/record?stark_key=${alice.stark_key}&sequence_id=${sold}`);
  await call('GET', `/v1/txn?sequence_id=${transferred}`);
  await call('GET', `/v1/txns?stark_key=${alice.stark_key}&page=1&perPage=2`);
  const { r, s } = transfer.signature as { r: string; s: string };
  await call('GET', `/v1/record/by/signature?r=${r}&s=${s}`);
  await call('GET', `/v1/token?seq_id=${minted}`);

  // Projects and contracts of the default API key.
  const projects = await call('GET', '/v1/project', { key: true });
  const demo: string = projects.data[0].project_uuid;
  const project: string = (await call('POST', '/v1/project', { key: true, body: { project_name: 'Example project' } })).data.project_uuid;
  await call('POST', '/v1/project/edit_project', {
    key: true,
    body: { project_uuid: project, new_project_name: 'Example project, renamed' },
  });
  const contract = {
    project_uuid: project,
    contract_type: 'ERC721',
    contract_address: '0x1111111111111111111111111111111111111111',
    name: 'Example NFT',
    symbol: 'EXNFT',
    contract_count: 1000,
    description: 'A collection made by the examples tour',
  };
  const contractUuid: string = (await call('POST', '/v1/project/contract', { key: true, body: contract })).data.contract_uuid;
  // Its token #1's metadata, then the token JSON at its base URI (the emulator's own).
  await call('POST', `/v1/project/contract/${contractUuid}/metadata`, {
    key: true,
    fields: { token_id: '1', name: 'Example token', description: 'Token #1 of the examples tour', additional_kv: '{"power":162}' },
    file: { name: 'token-1.txt', text: HELLO, field: 'media' },
  });
  await call('GET', `/metadata/${contract.contract_address}/1`);
  await call('POST', '/v1/project/remove_contract', { key: true, body: { contract_uuid: contractUuid } });
  await call('POST', '/v1/project/remove_project', { key: true, body: { project_uuid: project } });
  await call('POST', '/v1/marketplace', {
    key: true,
    body: { marketplace_name: 'Example market', marketplace_payee_address: carol.stark_key, marketplace_fee: '0.015', project_uuid: demo },
  });

  // Storage and the gateway.
  const cid: string = (await call('POST', `/v1/project/${demo}/storage`, { key: true, file: { name: 'hello.txt', text: HELLO } })).data.cid;
  await call('GET', `/v1/project/${demo}/storage?limit=2`, { key: true });
  await call('GET', `/ipfs/${cid}`);
  await call('GET', `/ipfs/${cid}/hello.txt`);
  await call('POST', `/v1/project/${demo}/storage/remove`, { key: true, body: { cid } });

  // The control plane.
  await call('POST', '/_devnet/api-keys', { body: {} });
  const deposit: number = (
    await call('POST', '/_devnet/deposit', { body: { stark_key: bob.stark_key, contract_address: RDD20, amount: '2500000' } })
  ).sequence_id;
  await call('POST', `/_devnet/records/${deposit}/status`, { body: { status: 3 } });
  await call('POST', '/_devnet/clock', { body: { advance_seconds: 3600 } });
  await call('GET', '/_devnet/config');
  await call('POST', '/_devnet/set-balance', { body: { stark_key: carol.stark_key, contract_address: 'eth', amount: '123456789' } });
  await call('GET', '/_devnet/invariants');
  await call('POST', '/_devnet/faults', { body: { path: '/v1/nonce', error_code: 19, nth: 2 } });
  await call('GET', '/_devnet/faults');
  await call('DELETE', '/_devnet/faults');
  await call('GET', '/_devnet/overview');
  // The explorer's reads and the request journal.
  await call('GET', `/_devnet/search?q=${alice.stark_key}`);
  await call('GET', '/_devnet/explorer/records?limit=2');
  await call('GET', `/_devnet/explorer/accounts/${bob.stark_key}?limit=2`);
  await call('GET', `/_devnet/explorer/records/${transferred}`);
  await call('GET', `/_devnet/explorer/orders/${sold}?limit=2`);
  await call('GET', `/_devnet/explorer/contracts/${REDDIO721}?limit=2`);
  await call('GET', `/_devnet/explorer/files/${cid}`);
  await call('GET', '/_devnet/requests?method=POST&limit=2');
  await call('DELETE', '/_devnet/requests');
  const snapshot: string = (await call('POST', '/_devnet/snapshots', { body: {} })).id;
  await call('POST', `/_devnet/snapshots/${snapshot}/revert`, { body: {} });
  await call('DELETE', `/_devnet/snapshots/${snapshot}`);
  const dump = await call('GET', '/_devnet/state');
  await call('POST', '/_devnet/state', { body: dump });
  await call('POST', '/_devnet/reset', { body: {} });

  // Namespaces: one made by its first request, listed, deleted.
  await call('GET', '/ns/worker-1/_devnet/health', { example: false });
  await call('GET', '/_devnet/namespaces');
  await call('DELETE', '/_devnet/namespaces/worker-1');
}
