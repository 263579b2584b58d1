// Marketplaces (key-only creation), collections, what is for sale in them, and NFT listings (public).
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { parseRate } from '../../domain/trading/marketplaces.js';
import type { Rate } from '../../domain/state/state.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse } from '../fields/field.js';
import type { Field } from '../fields/field.js';
import { asText, optList, starkKey, text, tokenId, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { COLLECTION, NFT } from '../openapi/catalog-responses.js';
import { listed } from '../openapi/responses.js';
import { LISTING, MARKETPLACE_CREATED } from '../openapi/trading-responses.js';
import { RouteGroup } from '../route.js';

const tag = 'marketplaces';
const address = () => asText({ description: 'contract address' });

/** The fee receiver: a stark key, where any value that is not text counts as absent (1). */
function payee(): Field<string> {
  const key = starkKey({ description: 'stark key of the fee receiver' });
  const missing = refuse(ErrorCode.StarkKeyMissing, (name) => `${name} is required`);
  return fieldOf(key.json, { ...key.refusals, type: missing }, { required: true, description: key.description });
}

/** A decimal fraction in [0, 1), at most 18 decimals: the marketplace's fee rate. */
const FEE: Field<Rate> = fieldOf(
  v.pipe(v.string('rate'), v.regex(/^\s*0(\.\d{1,18})?\s*$/, 'rate'), v.transform((t) => parseRate(t, 'marketplace_fee'))),
  { rate: refuse(ErrorCode.InvalidParam, (name, value) => `${name} must be a decimal string in [0, 1) such as "0.015", got ${JSON.stringify(value)}`) },
  { required: true, description: 'decimal fraction in [0, 1), at most 18 decimals' },
);

export function marketplaceRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'POST', path: '/v1/marketplace', tag, auth: true, reply: 'ok', summary: 'Creates a marketplace (fee payee and rate) that orders can name',
        description: 'Order of checks: key (32), name (19), payee (1/18), fee (19), project (19).',
        body: { marketplace_name: text(), marketplace_payee_address: payee(), marketplace_fee: FEE, project_uuid: text() },
        response: MARKETPLACE_CREATED,
      },
      ({ apiKey, body: b }) => {
        const name = b.marketplace_name;
        const payeeKey = b.marketplace_payee_address;
        const fee = b.marketplace_fee;
        return devnet.createMarketplace(apiKey, { name, payee: payeeKey, fee, projectUuid: b.project_uuid });
      },
    )
    .add(
      {
        method: 'GET', path: '/v1/collection', tag, reply: 'ok+code', summary: "What is for sale in a collection (the JS SDK's getCollection): open ASKs by token id",
        query: {
          quote_contract_address: text({ code: ErrorCode.ContractAddressMissing }),
          token_ids: optList(tokenId()),
          base_contract_address: wireText({ description: 'default ETH' }),
          ...PAGE_FIELDS,
        },
        response: listed(LISTING),
      },
      ({ query: q }) => {
        const quote = q.quote_contract_address;
        const tokenIds = q.token_ids;
        const { list, total } = paginate(devnet.collectionListings(quote, q.base_contract_address, tokenIds), pageOf(q));
        return { list, total };
      },
    )
    .add(
      { method: 'GET', path: '/v1/collection/:address', tag, reply: 'ok+code', summary: 'Collection fields of a contract (set at creation)', params: { address: address() }, response: COLLECTION },
      ({ params }) => devnet.collection(params.address),
    )
    .add(
      {
        method: 'GET', path: '/v1/nfts/:address', tag, reply: 'ok+code', summary: "A contract's tokens on L2 with owner and open order, paginated",
        params: { address: address() }, query: { ...PAGE_FIELDS }, response: listed(NFT),
      },
      ({ params, query: q }) => {
        const rows = devnet.nfts(params.address);
        const { list, total } = paginate(rows, pageOf(q));
        return { list, total };
      },
    );
}
