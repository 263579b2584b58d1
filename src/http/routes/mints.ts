// /v1/mints: API key, contract of the caller's projects, amount 1..100 or explicit token_ids.
import type { Devnet } from '../../devnet.js';
import { ErrorCode, fail } from '../../domain/values/errors.js';
import { isMissing } from '../fields.js';
import { optUint, starkKey, text, tokenId } from '../field-specs.js';
import { RouteGroup } from '../route-group.js';
import { field } from '../spec.js';

/** `"1,2"` (the documented form) or an array of ids; each a uint256 (4 when unparsable). */
function tokenIdsField(v: unknown): bigint[] | undefined {
  if (isMissing(v)) return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : fail(ErrorCode.TokenIDParseFailed, 'token_ids must be "1,2,3" or an array of ids');
  return items.map((t, i) => tokenId(t, `token_ids[${i}]`));
}

export function mintRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet).add(
    {
      method: 'POST', path: '/v1/mints', tag: 'mints', auth: true, reply: 'ok',
      summary: "Mints ERC721/ERC721M tokens on a contract of the caller's projects (one type-2 record each)",
      body: {
        contract_address: text({ code: ErrorCode.ContractAddressMissing }),
        stark_key: starkKey({ description: 'the receiver' }),
        amount: optUint({ code: ErrorCode.MintAmountInvalid, below: 1n << 63n, description: '1..100; ids continue after the highest' }),
        token_ids: field({ oneOf: [{ type: 'string', description: 'comma-separated' }, { type: 'array', items: { type: ['string', 'integer'] } }] }, tokenIdsField),
      },
      response: { type: 'object', properties: { sequence_ids: { type: 'array', items: { type: 'integer' } } } },
    },
    ({ apiKey, body: b }) => {
      const contractAddress = b.contract_address;
      const starkKey = b.stark_key;
      const amount = b.amount;
      return devnet.mint({ apiKey, contractAddress, starkKey, amount, tokenIds: b.token_ids });
    },
  );
}
