// Balances: /v1/balance, /v1/balances (paginated), /v2/balances (per contract).
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/errors.js';
import { hexField, pageField, paginate } from '../fields.js';
import { ok, query } from '../reply.js';

export function balanceRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/v1/balance', (c) => {
    const q = query(c);
    const assetId = hexField(q.asset_id, 'asset_id', ErrorCode.NoSuchAssetID, ErrorCode.InvalidParam);
    return ok(c, devnet.balance(q.stark_key, assetId), true);
  });

  r.get('/v1/balances', (c) => {
    const q = query(c);
    const rows = devnet.balances(q.stark_key, q.contract_address);
    return ok(c, paginate(rows, pageField(q)), true);
  });

  r.get('/v2/balances', (c) => {
    const q = query(c);
    return ok(c, devnet.balancesV2(q.stark_key, q.contract_address), true);
  });

  return r;
}
