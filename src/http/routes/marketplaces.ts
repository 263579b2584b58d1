// Marketplaces (key-only creation), collections, what is for sale in them, and NFT listings (public).
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { parseRate } from '../../domain/marketplaces.js';
import { apiKey } from '../auth.js';
import { ErrorCode } from '../../domain/errors.js';
import { isMissing, listField, pageField, paginate, textField, uintField } from '../fields.js';
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

  // The JS SDK's getCollection: what is for sale, optionally for some token ids (`token_ids=1,2`).
  r.get('/v1/collection', (c) => {
    const q = query(c);
    const quote = textField(q.quote_contract_address, 'quote_contract_address', ErrorCode.ContractAddressMissing);
    const tokenIds = isMissing(q.token_ids) ? undefined : listField(q.token_ids, 'token_ids').map((t, i) => uintField(t, `token_ids[${i}]`, { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n }));
    const { list, total } = paginate(devnet.collectionListings(quote, q.base_contract_address, tokenIds), pageField(q));
    return ok(c, { list, total }, true);
  });

  r.get('/v1/collection/:address', (c) => ok(c, devnet.collection(c.req.param('address')), true));

  r.get('/v1/nfts/:address', (c) => {
    const rows = devnet.nfts(c.req.param('address'));
    const { list, total } = paginate(rows, pageField(query(c)));
    return ok(c, { list, total }, true);
  });

  return r;
}
