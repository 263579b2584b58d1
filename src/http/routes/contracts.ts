// Contract and asset lookups: /v1/contract_info, /v1/assetid, /v1/starkex/contracts.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { hex, text as described } from '../../domain/values/wire.js';
import { optUint, optWireText, optional, text, tokenId } from '../fields/kinds.js';
import { CONTRACT_INFO } from '../../domain/catalog/views.js';
import { RouteGroup } from '../route.js';

export function contractRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'contracts', reply: 'ok' }, devnet)
    .add('GET', '/v1/contract_info', {
      summary: 'A registered contract with its asset type and quantum (public)',
      query: {
        contract_address: text({ code: ErrorCode.ContractAddressMissing, description: 'an address, or "ETH"' }),
        type: optWireText({
          description: 'ERC20, ERC721, ERC721M, ERC721MC or MINTABLE_ERC721; an ERC721M or ERC721MC answers as its L1 ERC721 with ERC721',
        }),
      },
      response: CONTRACT_INFO,
      handle: ({ query: q }) => devnet.contractInfo(q.contract_address, q.type),
    })
    .add('GET', '/v1/assetid', {
      summary: 'A StarkEx asset id computed from its inputs (the contract need not be registered)',
      query: {
        type: text({ code: ErrorCode.NoSuchContractType, description: 'ETH, ERC20, ERC721, ERC721M, ERC721MC or MINTABLE_ERC721' }),
        token_id: optional(tokenId()),
        quantum: optUint({ min: 1n, below: 1n << 128n }),
        contract_address: optWireText(),
        token_url: optWireText({ description: "ERC721MC: the token's URL (default: the URL an existing token was minted with)" }),
      },
      response: v.strictObject({ asset_id: hex('StarkEx asset id') }),
      handle: ({ query: q }) => ({
        asset_id: devnet.assetId({
          type: q.type,
          tokenId: q.token_id,
          quantum: q.quantum,
          contractAddress: q.contract_address,
          tokenUrl: q.token_url,
        }),
      }),
    })
    .add('GET', '/v1/starkex/contracts', {
      summary: 'StarkEx L1 contract addresses per network (from the genesis)',
      response: v.strictObject({
        mainnet: described('StarkEx L1 contract on mainnet'),
        testnet: described('StarkEx L1 contract on the testnet'),
        sepolia: described('StarkEx L1 contract on Sepolia'),
      }),
      handle: () => devnet.starkexContracts(),
    });
}
