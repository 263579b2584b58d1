// /v1/mints: API key, contract of the caller's projects, amount 1..100 or explicit token_ids.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refusalOf, refuse, type Field } from '../fields/field.js';
import { optText, optUint, optional, starkKey, text, tokenId } from '../fields/kinds.js';
import { SEQUENCE_IDS } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

/** `"1,2"` (the documented form) or an array of ids; each a uint256 (4 when unparsable). */
function tokenIds(): Field<bigint[] | undefined> {
  const item = tokenId();
  const inner = { item: item as Field<unknown> };
  const split = v.transform((s: string) => s.split(',').map((x) => x.trim()));
  const fromText = fieldOf(
    v.pipe(v.string(), split, v.array(item.text) as unknown as v.GenericSchema<string[], bigint[]>),
    item.refusals,
    inner,
  );
  const fromArray = fieldOf(v.array(item.json), item.refusals, inner);
  const shape = refuse(ErrorCode.TokenIDParseFailed, () => 'token_ids must be "1,2,3" or an array of ids');
  // A branch whose item fails is untyped to valibot's union, so the union's tag hands the value to its own branch.
  const ids = fieldOf<bigint[]>(
    v.union([fromText.json, fromArray.json], 'shape'),
    {
      ...item.refusals,
      shape: (name, value) =>
        typeof value === 'string'
          ? refusalOf(fromText, value, name)
          : Array.isArray(value)
            ? refusalOf(fromArray, value, name)
            : shape(name, value),
    },
    inner,
  );
  return optional(ids, { description: 'comma-separated, or an array of ids' });
}

export function mintRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup({ tag: 'mints', reply: 'ok', auth: true }, devnet).add('POST', '/v1/mints', {
    summary: "Mints ERC721/ERC721M tokens on a contract of the caller's projects (one type-2 record each)",
    body: {
      contract_address: text({ code: ErrorCode.ContractAddressMissing }),
      stark_key: starkKey({ description: 'the receiver' }),
      amount: optUint({ code: ErrorCode.MintAmountInvalid, below: 1n << 63n, description: '1..100; ids continue after the highest' }),
      token_ids: tokenIds(),
      token_url: optText({
        description: 'ERC721MC: the URL of the minted tokens (required there; Java always sends it, "" when unset, which counts as absent)',
      }),
    },
    response: v.strictObject({
      sequence_ids: v.pipe(SEQUENCE_IDS, v.description('the type-2 records of the tokens minted, one per token')),
    }),
    handle: ({ apiKey, body: b }) =>
      devnet.mint({
        apiKey,
        contractAddress: b.contract_address,
        starkKey: b.stark_key,
        amount: b.amount,
        tokenIds: b.token_ids,
        tokenUrl: b.token_url,
      }),
  });
}
