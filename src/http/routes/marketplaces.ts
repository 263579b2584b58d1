// Marketplaces (key-only creation), collections, what is for sale in them, and NFT listings (public).
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/ledger/accounts.js';
import { parseRate } from '../../domain/trading/marketplaces.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { paginate } from '../fields.js';
import { PAGE_FIELDS, optList, pageOf, pathText, text, tokenId, wireText } from '../field-specs.js';
import { RouteGroup } from '../route-group.js';
import { field } from '../spec.js';
import { CONTRACT_INFO, LISTED, NFT } from '../schemas.js';

const tag = 'marketplaces';
const address = () => pathText({ description: 'contract address' });

export function marketplaceRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'POST', path: '/v1/marketplace', tag, auth: true, reply: 'ok', summary: 'Creates a marketplace (fee payee and rate) that orders can name',
        description: 'Order of checks: key (32), name (19), payee (1/18), fee (19), project (19).',
        body: {
          marketplace_name: text(),
          marketplace_payee_address: field({ type: 'string', description: 'stark key of the fee receiver' }, (v, name) => parseStarkKey(typeof v === 'string' ? v : undefined, name), { required: true }),
          marketplace_fee: field({ type: 'string', description: 'decimal fraction in [0, 1), at most 18 decimals' }, (v, name) => parseRate(v, name), { required: true }),
          project_uuid: text(),
        },
        response: { type: 'object', properties: { message: { type: 'string' }, marketplace_uuid: { type: 'string' } } },
      },
      ({ apiKey, body: b }) => {
        const name = b.marketplace_name;
        const payee = b.marketplace_payee_address;
        const fee = b.marketplace_fee;
        return devnet.createMarketplace(apiKey, { name, payee, fee, projectUuid: b.project_uuid });
      },
    )
    .add(
      {
        method: 'GET', path: '/v1/collection', tag, reply: 'ok+code', summary: "What is for sale in a collection (the JS SDK's getCollection): open ASKs by token id",
        query: {
          quote_contract_address: text({ code: ErrorCode.ContractAddressMissing }),
          token_ids: optList(tokenId),
          base_contract_address: wireText({ description: 'default ETH' }),
          ...PAGE_FIELDS,
        },
        response: LISTED({ type: 'object', properties: { amount: { type: 'string' }, price: { type: 'string' }, display_price: { type: 'string' }, owner: { type: 'string' }, token_id: { type: 'string' } } }),
      },
      ({ query: q }) => {
        const quote = q.quote_contract_address;
        const tokenIds = q.token_ids;
        const { list, total } = paginate(devnet.collectionListings(quote, q.base_contract_address, tokenIds), pageOf(q));
        return { list, total };
      },
    )
    .add(
      { method: 'GET', path: '/v1/collection/:address', tag, reply: 'ok+code', summary: 'Collection fields of a contract (set at creation)', params: { address: address() }, response: CONTRACT_INFO },
      ({ params }) => devnet.collection(params.address),
    )
    .add(
      {
        method: 'GET', path: '/v1/nfts/:address', tag, reply: 'ok+code', summary: "A contract's tokens on L2 with owner and open order, paginated",
        params: { address: address() }, query: { ...PAGE_FIELDS }, response: LISTED(NFT),
      },
      ({ params, query: q }) => {
        const rows = devnet.nfts(params.address);
        const { list, total } = paginate(rows, pageOf(q));
        return { list, total };
      },
    );
}
