// The control plane (/_devnet/*): plain JSON for tests and tools, failures in the same FAILED envelope.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { ErrorCode } from '../../domain/errors.js';
import { VERSION } from '../../version.js';
import { parseStarkKey } from '../../domain/accounts.js';
import { fail } from '../../domain/errors.js';
import type { BatchLayer } from '../../domain/settlement.js';
import { hexField, isMissing, optTextField, textField, uintField } from '../fields.js';
import { body, plain } from '../reply.js';
import { parseExact } from '../../domain/json.js';

export function controlRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/_devnet/health', (c) => plain(c, { status: 'ok', version: VERSION }));

  r.get('/_devnet/accounts', (c) => plain(c, devnet.accounts()));

  r.post('/_devnet/api-keys', (c) => plain(c, devnet.createApiKey()));

  r.get('/_devnet/invariants', (c) => plain(c, devnet.invariants()));

  r.post('/_devnet/deposit', async (c) => {
    const b = await body(c);
    const starkKey = parseStarkKey(optTextField(b.stark_key, 'stark_key'));
    const contractAddress = textField(b.contract_address, 'contract_address', ErrorCode.ContractAddressMissing);
    const amount = isMissing(b.amount) ? undefined : uintField(b.amount, 'amount', { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n });
    const tokenId = isMissing(b.token_id) ? undefined : uintField(b.token_id, 'token_id', { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });
    return plain(c, devnet.deposit({ starkKey, contractAddress, amount, tokenId }));
  });

  r.post('/_devnet/batches', async (c) => {
    const b = await body(c);
    const layer = b.layer ?? 'both';
    if (layer !== 'l2' && layer !== 'l1' && layer !== 'both') fail(ErrorCode.InvalidParam, `layer must be "l2", "l1" or "both", got ${JSON.stringify(layer)}`);
    return plain(c, devnet.batches(layer as BatchLayer));
  });

  r.post('/_devnet/records/:sequenceId/status', async (c) => {
    const b = await body(c);
    const sequenceId = Number(uintField(c.req.param('sequenceId'), 'sequence_id', { below: 1n << 53n }));
    const status = Number(uintField(b.status, 'status', { below: 7n }));
    return plain(c, devnet.moveRecord(sequenceId, status));
  });

  r.post('/_devnet/clock', async (c) => {
    const b = await body(c);
    const advanceSeconds = isMissing(b.advance_seconds) ? undefined : uintField(b.advance_seconds, 'advance_seconds', { below: 1n << 40n });
    return plain(c, devnet.setClock({ advanceSeconds, set: optTextField(b.set, 'set') }));
  });

  r.post('/_devnet/withdrawals/claim', async (c) => {
    const b = await body(c);
    const assetId = hexField(b.asset_id, 'asset_id', ErrorCode.NoSuchAssetID, ErrorCode.InvalidParam);
    return plain(c, devnet.claim(optTextField(b.ethaddress, 'ethaddress'), assetId));
  });

  r.post('/_devnet/snapshots', (c) => plain(c, devnet.snapshot()));

  r.post('/_devnet/snapshots/:id/revert', (c) => plain(c, devnet.revert(c.req.param('id'))));

  r.post('/_devnet/reset', (c) => plain(c, devnet.reset()));

  r.get('/_devnet/state', (c) => plain(c, devnet.dump()));

  r.post('/_devnet/state', async (c) => {
    const text = await c.req.text();
    let dump: unknown;
    try {
      dump = parseExact(text);
    } catch (e) {
      fail(ErrorCode.FailedToJSONUnmarshal, `state dump is not valid JSON: ${(e as Error).message}`);
    }
    return plain(c, devnet.load(dump));
  });

  return r;
}
