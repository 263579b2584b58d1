// Contract and asset lookups: /v1/contract_info, /v1/assetid, /v1/starkex/contracts.
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { optUint, optWireText, optional, text, tokenId } from '../fields/kinds.js';
import { CONTRACT_INFO } from '../../domain/catalog/views.js';
import { ASSET_ID, STARKEX_CONTRACTS } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

const tag = 'contracts';

export function contractRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'GET',
        path: '/v1/contract_info',
        tag,
        reply: 'ok',
        summary: 'A registered contract with its asset type and quantum (public)',
        query: {
          contract_address: text({ code: ErrorCode.ContractAddressMissing, description: 'an address, or "ETH"' }),
          type: optWireText({
            description: 'ERC20, ERC721, ERC721M, ERC721MC or MINTABLE_ERC721; an ERC721M or ERC721MC answers as its L1 ERC721 with ERC721',
          }),
        },
        response: CONTRACT_INFO,
      },
      ({ query: q }) => {
        const address = q.contract_address;
        return devnet.contractInfo(address, q.type);
      },
    )
    .add(
      {
        method: 'GET',
        path: '/v1/assetid',
        tag,
        reply: 'ok',
        summary: 'A StarkEx asset id computed from its inputs (the contract need not be registered)',
        query: {
          type: text({ code: ErrorCode.NoSuchContractType, description: 'ETH, ERC20, ERC721, ERC721M, ERC721MC or MINTABLE_ERC721' }),
          token_id: optional(tokenId()),
          quantum: optUint({ min: 1n, below: 1n << 128n }),
          contract_address: optWireText(),
          token_url: optWireText({ description: "ERC721MC: the token's URL (default: the URL an existing token was minted with)" }),
        },
        response: ASSET_ID,
      },
      ({ query: q }) => {
        const type = q.type;
        const tokenIdValue = q.token_id;
        const quantum = q.quantum;
        const contractAddress = q.contract_address;
        return { asset_id: devnet.assetId({ type, contractAddress, tokenId: tokenIdValue, quantum, tokenUrl: q.token_url }) };
      },
    )
    .add(
      {
        method: 'GET',
        path: '/v1/starkex/contracts',
        tag,
        reply: 'ok',
        summary: 'StarkEx L1 contract addresses per network (from the genesis)',
        response: STARKEX_CONTRACTS,
      },
      () => devnet.starkexContracts(),
    );
}
