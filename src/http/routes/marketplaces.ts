// Marketplaces (key-only creation), collections, what is for sale in them, and NFT listings (public).
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { parseRate } from '../../domain/trading/marketplaces.js';
import type { Rate } from '../../domain/state/state.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse, show } from '../fields/field.js';
import type { Field } from '../fields/field.js';
import { asText, name, optList, optWireText, starkKey, text, tokenId, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { COLLECTION, COLLECTION_SUMMARY } from '../../domain/catalog/views.js';
import { TOKEN_OWNER } from '../../domain/catalog/nfts.js';
import { LISTING } from '../../domain/trading/collection-listings.js';
import { NFT } from '../../domain/trading/order-views.js';
import { listed } from '../../domain/values/wire.js';
import { MARKETPLACE_CREATED } from '../openapi/responses.js';
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
  v.pipe(
    v.string('rate'),
    v.regex(/^\s*0(\.\d{1,18})?\s*$/, 'rate'),
    v.transform((t) => parseRate(t, 'marketplace_fee')),
  ),
  {
    rate: refuse(ErrorCode.InvalidParam, (name, value) => `${name} must be a decimal string in [0, 1) such as "0.015", got ${show(value)}`),
  },
  { required: true, description: 'decimal fraction in [0, 1), at most 18 decimals' },
);

export function marketplaceRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'POST',
        path: '/v1/marketplace',
        tag,
        auth: true,
        reply: 'ok',
        summary: 'Creates a marketplace (fee payee and rate) that orders can name',
        description: 'Order of checks: key (32), name (19), payee (1/18), fee (19), project (19).',
        body: { marketplace_name: name(), marketplace_payee_address: payee(), marketplace_fee: FEE, project_uuid: text() },
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
        method: 'GET',
        path: '/v1/collection',
        tag,
        reply: 'ok',
        summary:
          'With quote_contract_address: what is for sale in that collection (getCollection), {list, total} of open ASKs by token id. Without: every collection (JS 0.8 getCollections), an array',
        description:
          'Without quote_contract_address, token_ids or base_contract_address fail with 27 (they narrow a collection that was not named).',
        query: {
          quote_contract_address: optWireText({ description: 'the collection; absent: list every collection' }),
          token_ids: optList(tokenId()),
          base_contract_address: wireText({ description: 'default ETH' }),
          ...PAGE_FIELDS,
        },
        response: v.union([listed(LISTING), v.array(COLLECTION_SUMMARY)]),
      },
      ({ query: q }) => {
        const quote = q.quote_contract_address;
        const tokenIds = q.token_ids;
        const base = q.base_contract_address;
        // Read in both modes, so a malformed limit or page is refused even where the list is not paged.
        const page = pageOf(q);
        if (quote === undefined) return devnet.collections(tokenIds, base);
        const { list, total } = paginate(devnet.collectionListings(quote, base, tokenIds), page);
        return { list, total };
      },
    )
    .add(
      {
        method: 'GET',
        path: '/v1/collection/:address',
        tag,
        reply: 'ok',
        summary: 'Collection fields of a contract (set at creation)',
        params: { address: address() },
        response: COLLECTION,
      },
      ({ params }) => devnet.collection(params.address),
    )
    .add(
      {
        method: 'GET',
        path: '/v1/nfts/:address',
        tag,
        reply: 'ok+code',
        summary: "A contract's tokens on L2 with owner and open order, paginated",
        params: { address: address() },
        query: { ...PAGE_FIELDS },
        response: listed(NFT),
      },
      ({ params, query: q }) => {
        const rows = devnet.nfts(params.address);
        const { list, total } = paginate(rows, pageOf(q));
        return { list, total };
      },
    )
    .add(
      {
        method: 'GET',
        path: '/v1/contracts/:address/tokens',
        tag,
        reply: 'ok+code',
        summary: "Token owners of an NFT contract (Python's get_token_owners), optionally only token_ids, paginated",
        params: { address: address() },
        query: { token_ids: optList(tokenId()), ...PAGE_FIELDS },
        response: listed(TOKEN_OWNER),
      },
      ({ params, query: q }) => {
        const addressText = params.address;
        const rows = devnet.tokenOwners(addressText, q.token_ids);
        const { list, total } = paginate(rows, pageOf(q));
        return { list, total };
      },
    );
}
