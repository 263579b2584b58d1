// Balances: /v1/balance, /v1/balances (paginated), /v2/balances (per contract), /v3/balances (per contract, with tokens).
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { hex, wireText } from '../fields/kinds.js';
import { PAGE_FIELDS, pageOf, paginate } from '../fields/page.js';
import { BALANCE_ROW, BALANCE_ROW_V2, BALANCE_ROW_V3 } from '../../domain/ledger/balances.js';
import { paged } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

const starkKeyText = wireText({ required: true });
const contractFilter = wireText({ description: 'only this contract (ERC20 or NFT)' });

export function balanceRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'balances', reply: 'ok+code' }, devnet)
    .add('GET', '/v1/balance', {
      summary: 'One balance of a stark key',
      // asset_id is checked first, as it always was: a request without one is refused for it whatever its stark_key.
      query: { asset_id: hex({ code: ErrorCode.NoSuchAssetID, missingCode: ErrorCode.InvalidParam }), stark_key: starkKeyText },
      response: BALANCE_ROW,
      handle: ({ query: { asset_id: assetId, stark_key: key } }) => devnet.balance(key, assetId),
    })
    .add('GET', '/v1/balances', {
      summary: 'Non-empty balances of a stark key, paginated',
      query: { stark_key: starkKeyText, contract_address: contractFilter, ...PAGE_FIELDS },
      response: paged(BALANCE_ROW),
      handle: ({ query: q }) => paginate(devnet.balances(q.stark_key, q.contract_address), pageOf(q)),
    })
    .add('GET', '/v2/balances', {
      summary: 'Balances aggregated per contract (NFTs as available_token_ids)',
      query: { stark_key: starkKeyText, contract_address: contractFilter },
      response: v.array(BALANCE_ROW_V2),
      handle: ({ query: q }) => devnet.balancesV2(q.stark_key, q.contract_address),
    })
    .add('GET', '/v3/balances', {
      summary: 'Balances per contract with token lists (token id, URI, asset id); a bare array, paginated by row',
      description:
        "Each row carries exactly the keys Java's strict v3 model knows. Empty contract_address and type count as absent (Java sends them empty).",
      query: {
        stark_key: starkKeyText,
        contract_address: contractFilter,
        type: wireText({ description: 'ETH, ERC20, ERC721, ERC721M or ERC721MC (28 otherwise)' }),
        ...PAGE_FIELDS,
      },
      response: v.array(BALANCE_ROW_V3),
      handle: ({ query: q }) => paginate(devnet.balancesV3(q.stark_key, q.contract_address, q.type), pageOf(q)).list,
    });
}
