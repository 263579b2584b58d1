// Per-key utilities: /v1/vaults, /v1/nonce, /v1/wallets.
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { asText, hex, list, optUint, wireText } from '../fields/kinds.js';
import { NONCE, VAULT_IDS, WALLETS } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

const tag = 'accounts';

export function accountRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'GET',
        path: '/v1/vaults',
        tag,
        reply: 'ok+code',
        summary: 'Vault ids of owners (stark keys or Ethereum addresses) for assets, allocated on first use',
        query: {
          stark_keys: list(asText(), {
            code: ErrorCode.StarkKeyMissing,
            description: 'owners, paired item by item with asset_id (one item applies to all)',
          }),
          asset_id: list(hex({ code: ErrorCode.NoSuchAssetID })),
        },
        response: VAULT_IDS,
      },
      ({ query: q }) => ({ vault_ids: devnet.vaults(q.stark_keys, q.asset_id) }),
    )
    .add(
      {
        method: 'GET',
        path: '/v1/nonce',
        tag,
        reply: 'ok+code',
        summary: 'The nonce to sign with next: one more than the highest used (0 for a new key)',
        query: { stark_key: wireText({ required: true }) },
        response: NONCE,
      },
      ({ query: q }) => ({ nonce: devnet.nonce(q.stark_key) }),
    )
    .add(
      {
        method: 'GET',
        path: '/v1/wallets',
        tag,
        reply: 'plain',
        summary: 'Testing helper: key pairs drawn from the seeded PRNG (no envelope)',
        query: { count: optUint({ min: 1n, below: 101n, description: '1..100, default 1' }) },
        response: WALLETS,
      },
      ({ query: q }) => ({ wallets: devnet.wallets(Number(q.count ?? 1n)) }),
    );
}
