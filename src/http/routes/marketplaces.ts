// Marketplaces (key-only creation), collections and NFT listings (public).
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { parseRate } from '../../domain/marketplaces.js';
import { apiKey } from '../auth.js';
import { pageField, paginate, textField } from '../fields.js';
import { body, ok, query } from '../reply.js';

export function marketplaceRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  /** Order of checks: key (32), name (19), payee (1/18), fee (19), project (19). */
  r.post('/v1/marketplace', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    const name = textField(b.marketplace_name, 'marketplace_name');
    const payee = parseStarkKey(typeof b.marketplace_payee_address === 'string' ? b.marketplace_payee_address : undefined, 'marketplace_payee_address');
    const fee = parseRate(b.marketplace_fee, 'marketplace_fee');
    const projectUuid = textField(b.project_uuid, 'project_uuid');
    return ok(c, devnet.createMarketplace(key, { name, payee, fee, projectUuid }));
  });

  r.get('/v1/collection/:address', (c) => ok(c, devnet.collection(c.req.param('address')), true));

  r.get('/v1/nfts/:address', (c) => {
    const rows = devnet.nfts(c.req.param('address'));
    const { list, total } = paginate(rows, pageField(query(c)));
    return ok(c, { list, total }, true);
  });

  return r;
}
