// Per-key utilities: /v1/vaults, /v1/nonce, /v1/wallets.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/errors.js';
import { hexField, isMissing, listField, uintField } from '../fields.js';
import { ok, plain, query } from '../reply.js';

export function accountRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/v1/vaults', (c) => {
    const q = query(c);
    const owners = listField(q.stark_keys, 'stark_keys', ErrorCode.StarkKeyMissing);
    const assets = listField(q.asset_id, 'asset_id').map((a, i) => hexField(a, `asset_id[${i}]`, ErrorCode.NoSuchAssetID));
    return ok(c, { vault_ids: devnet.vaults(owners, assets) }, true);
  });

  r.get('/v1/nonce', (c) => ok(c, { nonce: devnet.nonce(query(c).stark_key) }, true));

  r.get('/v1/wallets', (c) => {
    const q = query(c);
    const count = isMissing(q.count) ? 1n : uintField(q.count, 'count', { min: 1n, below: 101n });
    return plain(c, { wallets: devnet.wallets(Number(count)) });
  });

  return r;
}
