// The control plane (/_devnet/*): plain JSON for tests and tools, failures in the same FAILED envelope.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/errors.js';
import { VERSION } from '../../version.js';
import { isMissing, textField, uintField } from '../fields.js';
import { body, plain } from '../reply.js';

export function controlRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/_devnet/health', (c) => plain(c, { status: 'ok', version: VERSION }));

  r.get('/_devnet/accounts', (c) => plain(c, devnet.accounts()));

  r.post('/_devnet/deposit', async (c) => {
    const b = await body(c);
    const contractAddress = textField(b.contract_address, 'contract_address', ErrorCode.ContractAddressMissing);
    const amount = isMissing(b.amount) ? undefined : uintField(b.amount, 'amount', { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n });
    const tokenId = isMissing(b.token_id) ? undefined : uintField(b.token_id, 'token_id', { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });
    return plain(c, devnet.deposit({ starkKey: b.stark_key as string | undefined, contractAddress, amount, tokenId }));
  });

  return r;
}
