// Contract and asset lookups: /v1/contract_info, /v1/assetid, /v1/starkex/contracts.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/errors.js';
import { isMissing, textField, uintField } from '../fields.js';
import { ok, query } from '../reply.js';

export function contractRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/v1/contract_info', (c) => {
    const q = query(c);
    const address = textField(q.contract_address, 'contract_address', ErrorCode.ContractAddressMissing);
    return ok(c, devnet.contractInfo(address, isMissing(q.type) ? undefined : q.type));
  });

  r.get('/v1/assetid', (c) => {
    const q = query(c);
    const type = textField(q.type, 'type', ErrorCode.NoSuchContractType);
    const tokenId = isMissing(q.token_id) ? undefined : uintField(q.token_id, 'token_id', { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });
    const quantum = isMissing(q.quantum) ? undefined : uintField(q.quantum, 'quantum', { min: 1n, below: 1n << 128n });
    const contractAddress = isMissing(q.contract_address) ? undefined : q.contract_address;
    return ok(c, { asset_id: devnet.assetId({ type, contractAddress, tokenId, quantum }) });
  });

  r.get('/v1/starkex/contracts', (c) => ok(c, devnet.starkexContracts()));

  return r;
}
