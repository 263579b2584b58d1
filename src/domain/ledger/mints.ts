// L2 mints on ERC721 / ERC721M / ERC721MC contracts of the caller's projects: one mint record per token.
import { ensureNftAsset } from '../catalog/assets.js';
import { requireContract } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { issue } from './deposits.js';
import { isNftType, RECORD_TYPES, type State } from '../state/state.js';

export const MAX_MINT = 100n;

export interface MintInput {
  /** The caller's API key (already known to be valid). */
  apiKey: string;
  contractAddress: string;
  /** Normalized stark key of the receiver. */
  starkKey: string;
  /** 1..100; may be omitted when tokenIds are given. */
  amount?: bigint | undefined;
  tokenIds?: bigint[] | undefined;
  /** ERC721MC: the URL every minted token gets (its asset id is computed from it); required there, ignored elsewhere. */
  tokenUrl?: string | undefined;
}

export function mint(state: State, input: MintInput): number[] {
  const contract = requireContract(state, input.contractAddress);
  if (!isNftType(contract.type))
    fail(
      ErrorCode.NoMintableToken,
      `contract ${contract.address} is ${contract.type}; only ERC721, ERC721M and ERC721MC can be minted on L2`,
    );
  if (contract.owner !== input.apiKey)
    fail(ErrorCode.InvalidOwnerOfContract, `contract ${contract.address} does not belong to this API key's projects`);
  const tokenUrl = contract.type === 'ERC721MC' ? input.tokenUrl : undefined;
  if (contract.type === 'ERC721MC' && (tokenUrl === undefined || tokenUrl === ''))
    fail(
      ErrorCode.InvalidParam,
      `token_url is required to mint on ERC721MC contract ${contract.address} (each token's asset id is computed from its URL)`,
    );

  let ids: bigint[];
  if (input.tokenIds !== undefined) {
    ids = input.tokenIds;
    if (ids.length === 0 || BigInt(ids.length) > MAX_MINT)
      fail(ErrorCode.MintAmountInvalid, `token_ids must list 1 to ${MAX_MINT} ids, got ${ids.length}`);
    if (input.amount !== undefined && input.amount !== BigInt(ids.length))
      fail(ErrorCode.MintAmountInvalid, `amount ${input.amount} does not match the ${ids.length} token_ids`);
    const seen = new Set<string>();
    for (const id of ids) {
      const key = id.toString();
      if (seen.has(key)) fail(ErrorCode.TokenIDInvalid, `token_ids lists ${id} twice`);
      seen.add(key);
      if (contract.tokens.has(key)) fail(ErrorCode.TokenIDInvalid, `token ${id} of ${contract.address} already exists`);
    }
  } else {
    const amount = input.amount;
    if (amount === undefined || amount < 1n || amount > MAX_MINT)
      fail(ErrorCode.MintAmountInvalid, `amount must be an integer from 1 to ${MAX_MINT}, got "${amount ?? ''}"`);
    // Token ids continue from the contract's highest, and must stay uint256.
    if (contract.maxTokenId + amount >= 1n << 256n)
      fail(
        ErrorCode.MintAmountInvalid,
        `minting ${amount} more tokens would pass token id 2^256-1 (highest so far ${contract.maxTokenId})`,
      );
    ids = Array.from({ length: Number(amount) }, (_, i) => contract.maxTokenId + BigInt(i + 1));
  }

  return ids.map((tokenId) => issue(state, RECORD_TYPES.mint, input.starkKey, ensureNftAsset(state, contract, tokenId, tokenUrl), 1n));
}
