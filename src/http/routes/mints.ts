// /v1/mints: API key, contract of the caller's projects, amount 1..100 or explicit token_ids.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { ErrorCode, fail } from '../../domain/errors.js';
import { apiKey } from '../auth.js';
import { isMissing, optTextField, textField, uintField } from '../fields.js';
import { body, ok } from '../reply.js';

/** `"1,2"` (the documented form) or an array of ids; each a uint256 (4 when unparsable). */
function tokenIdsField(v: unknown): bigint[] | undefined {
  if (isMissing(v)) return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : fail(ErrorCode.TokenIDParseFailed, 'token_ids must be "1,2,3" or an array of ids');
  return items.map((t, i) => uintField(t, `token_ids[${i}]`, { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n }));
}

export function mintRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.post('/v1/mints', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    const contractAddress = textField(b.contract_address, 'contract_address', ErrorCode.ContractAddressMissing);
    const starkKey = parseStarkKey(optTextField(b.stark_key, 'stark_key'));
    const amount = isMissing(b.amount) ? undefined : uintField(b.amount, 'amount', { code: ErrorCode.MintAmountInvalid, below: 1n << 63n });
    const tokenIds = tokenIdsField(b.token_ids);
    return ok(c, devnet.mint({ apiKey: key, contractAddress, starkKey, amount, tokenIds }));
  });

  return r;
}
