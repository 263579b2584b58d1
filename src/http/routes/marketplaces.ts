// Marketplaces (key-only creation), collections, what is for sale in them, and NFT listings (public).
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { parseRate } from '../../domain/trading/marketplaces.js';
import type { Rate } from '../../domain/state/state.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse, show, type Field } from '../fields/field.js';
import { asText, name, optList, optWireText, starkKey, text, tokenId, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, PER_PAGE_FIELDS, pageOf, paginate, perPageOf, type Page } from '../fields/page.js';
import { COLLECTION, COLLECTION_SUMMARY } from '../../domain/catalog/views.js';
import { TOKEN_OWNER } from '../../domain/catalog/nfts.js';
import { LISTING } from '../../domain/trading/collection-listings.js';
import { NFT } from '../../domain/trading/order-views.js';
import { listed, uuid } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

const address = () => asText({ description: 'contract address' });

/** The fee receiver: a stark key, where any value that is not text counts as absent (1). */
function payee(): Field<string> {
  const key = starkKey({ description: 'stark key of the fee receiver' });
  const missing = refuse(ErrorCode.StarkKeyMissing, (name) => `${name} is required`);
  return { ...key, refusals: { ...key.refusals, type: missing } };
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

/** `{list, total}` of a page of `rows` (without the page's other counts). */
function listOf<T>(rows: Parameters<typeof paginate<T>>[0], page: Page): { list: T[]; total: number } {
  const { list, total } = paginate(rows, page);
  return { list, total };
}

export function marketplaceRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'marketplaces', reply: 'ok' }, devnet)
    .add('POST', '/v1/marketplace', {
      auth: true,
      summary: 'Creates a marketplace (fee payee and rate) that orders can name',
      description: 'Order of checks: key (32), name (19), payee (1/18), fee (19), project (19).',
      body: { marketplace_name: name(), marketplace_payee_address: payee(), marketplace_fee: FEE, project_uuid: text() },
      response: v.strictObject({ message: v.literal('Marketplace created.'), marketplace_uuid: uuid('the new marketplace') }),
      handle: ({ apiKey, body: b }) =>
        devnet.createMarketplace(apiKey, {
          name: b.marketplace_name,
          payee: b.marketplace_payee_address,
          fee: b.marketplace_fee,
          projectUuid: b.project_uuid,
        }),
    })
    .add('GET', '/v1/collection', {
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
      handle: ({ query: q }) => {
        const [quote, tokenIds, base] = [q.quote_contract_address, q.token_ids, q.base_contract_address];
        // Read in both modes, so a malformed limit or page is refused even where the list is not paged.
        const page = pageOf(q);
        if (quote === undefined) return devnet.collections(tokenIds, base);
        return listOf(devnet.collectionListings(quote, base, tokenIds), page);
      },
    })
    .add('GET', '/v1/collections', {
      summary: 'Every collection (the explorer names each by its base_uri), an array paged by page and perPage',
      description:
        'The rows of GET /v1/collection without a collection: every registered contract but ETH, removed ones too, in registration order. A page past the last is [].',
      query: { ...PER_PAGE_FIELDS },
      response: v.array(COLLECTION_SUMMARY),
      handle: ({ query: q }) => paginate(devnet.collections(), perPageOf(q)).list,
    })
    .add('GET', '/v1/collection/:address', {
      summary: 'Collection fields of a contract (set at creation)',
      params: { address: address() },
      response: COLLECTION,
      handle: ({ params }) => devnet.collection(params.address),
    })
    .add('GET', '/v1/nfts/:address', {
      reply: 'ok+code',
      summary: "A contract's tokens on L2 with owner and open order, paginated",
      params: { address: address() },
      query: { ...PAGE_FIELDS },
      response: listed(NFT),
      handle: ({ params, query: q }) => listOf(devnet.nfts(params.address), pageOf(q)),
    })
    .add('GET', '/v1/contracts/:address/tokens', {
      reply: 'ok+code',
      summary: "Token owners of an NFT contract (Python's get_token_owners), optionally only token_ids, paginated",
      params: { address: address() },
      query: { token_ids: optList(tokenId()), ...PAGE_FIELDS },
      response: listed(TOKEN_OWNER),
      handle: ({ params, query: q }) => listOf(devnet.tokenOwners(params.address, q.token_ids), pageOf(q)),
    });
}
