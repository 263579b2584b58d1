// Per-key utilities: /v1/vaults, /v1/nonce, /v1/wallets.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { STARK_KEY, count, decimalInt, hex as hexText } from '../../domain/values/wire.js';
import { asText, hex, list, optUint, wireText } from '../fields/kinds.js';
import { RouteGroup } from '../route.js';

export function accountRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'accounts', reply: 'ok+code' }, devnet)
    .add('GET', '/v1/vaults', {
      summary: 'Vault ids of owners (stark keys or Ethereum addresses) for assets, allocated on first use',
      query: {
        stark_keys: list(asText(), {
          code: ErrorCode.StarkKeyMissing,
          description: 'owners, paired item by item with asset_id (one item applies to all)',
        }),
        asset_id: list(hex({ code: ErrorCode.NoSuchAssetID })),
      },
      response: v.strictObject({ vault_ids: v.array(decimalInt('vault id, one per (owner, asset) asked for, in order')) }),
      handle: ({ query: q }) => ({ vault_ids: devnet.vaults(q.stark_keys, q.asset_id) }),
    })
    .add('GET', '/v1/nonce', {
      summary: 'The nonce to sign with next: one more than the highest used (0 for a new key)',
      query: { stark_key: wireText({ required: true }) },
      response: v.strictObject({ nonce: count('the nonce to sign the next transfer, withdrawal or order with') }),
      handle: ({ query: q }) => ({ nonce: devnet.nonce(q.stark_key) }),
    })
    .add('GET', '/v1/wallets', {
      reply: 'plain',
      summary: 'Testing helper: key pairs drawn from the seeded PRNG (no envelope)',
      query: { count: optUint({ min: 1n, below: 101n, description: '1..100, default 1' }) },
      response: v.strictObject({
        wallets: v.array(
          v.strictObject({
            stark_key: STARK_KEY,
            stark_private_key: hexText('its private key (a testing helper: never use it for real funds)'),
          }),
        ),
      }),
      handle: ({ query: q }) => ({ wallets: devnet.wallets(Number(q.count ?? 1n)) }),
    });
}
