// /v1/mints: API key, contract of the caller's projects, amount 1..100 or explicit token_ids.
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse } from '../fields/field.js';
import type { Field } from '../fields/field.js';
import { optText, optUint, optional, starkKey, text, tokenId } from '../fields/kinds.js';
import { MINTED } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

/** `"1,2"` (the documented form) or an array of ids; each a uint256 (4 when unparsable). */
function tokenIds(): Field<bigint[] | undefined> {
  const item = tokenId();
  const split = v.transform((s: string) => s.split(',').map((x) => x.trim()));
  const fromText = v.array(item.text) as unknown as v.GenericSchema<string[], bigint[]>;
  const ids = fieldOf<bigint[]>(
    v.union([v.pipe(v.string(), split, fromText), v.array(item.json)], 'shape'),
    { ...item.refusals, shape: refuse(ErrorCode.TokenIDParseFailed, () => 'token_ids must be "1,2,3" or an array of ids') },
    { item: item as Field<unknown> },
  );
  return optional(ids, { description: 'comma-separated, or an array of ids' });
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
        token_ids: tokenIds(),
        token_url: optText({ description: 'ERC721MC: the URL of the minted tokens (required there; Java always sends it, "" when unset, which counts as absent)' }),
      },
      response: MINTED,
    },
    ({ apiKey, body: b }) => {
      const contractAddress = b.contract_address;
      const starkKeyValue = b.stark_key;
      const amount = b.amount;
      const tokenIds = b.token_ids;
      return devnet.mint({ apiKey, contractAddress, starkKey: starkKeyValue, amount, tokenIds, tokenUrl: b.token_url });
    },
  );
}
