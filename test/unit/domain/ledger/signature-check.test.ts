// The message hash is computed only when a signature check needs it: `--signatures skip` hashes nothing.
import { describe, expect, it } from 'vitest';
import { checkSignature } from '../../../../src/domain/ledger/signed.js';
import type { SignatureCheck } from '../../../../src/domain/ledger/signed.js';
import { DevnetError, ErrorCode } from '../../../../src/domain/values/errors.js';
import { createDevnet } from '../../../../src/index.js';
import { signedTransferBody } from '../../../../src/testing.js';

const KEY = '0x1ef15c18599971b7beced415a40f0c7deacfd9b0d1819e03d723d8bc943cfca';
const SIG = { r: 1n, s: 2n };

describe('checkSignature', () => {
  it('never computes the hash when the check does not ask for it', () => {
    let hashed = 0;
    checkSignature(
      () => true,
      () => (hashed++, 5n),
      SIG,
      KEY,
      {},
    );
    expect(hashed).toBe(0);
  });

  it('computes it once for a check that reads it, even when the refusal names it again', () => {
    let hashed = 0;
    const reads: SignatureCheck = (hash) => hash() === 6n;
    let caught: unknown;
    try {
      checkSignature(reads, () => (hashed++, 0xabcn), SIG, KEY, { amount: 5n, nonce: 1n });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DevnetError);
    expect((caught as DevnetError).code).toBe(ErrorCode.InvalidSignature);
    expect((caught as DevnetError).message).toContain('over message hash 0xabc of amount 5, nonce 1; ');
    // The usual mistake, named: a key with its 0x given to a signer that strips it.
    expect((caught as DevnetError).message).toContain('a private key given with its 0x to a signer that strips it');
    expect(hashed).toBe(1);
  });
});

describe('--signatures skip', () => {
  it('accepts a transfer signed by nobody, and verify mode refuses the same body with 34', async () => {
    for (const signatures of ['skip', 'verify'] as const) {
      const dn = createDevnet({ signatures });
      const [alice, bob] = dn.devnet.accounts().accounts;
      const vault = async (key: string) =>
        (
          (await (
            await dn.fetch(`/v1/vaults?stark_keys=${key}&asset_id=0x${dn.devnet.state.contracts.get('eth')!.assetType.toString(16)}`)
          ).json()) as { data: { vault_ids: string[] } }
        ).data.vault_ids[0]!;
      const body = signedTransferBody({
        starkKey: alice!.stark_key,
        assetId: '0x' + dn.devnet.state.contracts.get('eth')!.assetType.toString(16),
        amount: 1n,
        nonce: 0,
        vaultId: await vault(alice!.stark_key),
        receiver: bob!.stark_key,
        receiverVaultId: await vault(bob!.stark_key),
      });
      const reply = (await (
        await dn.fetch('/v1/transfers', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
      ).json()) as { status: string; error_code?: number };
      if (signatures === 'skip') expect(reply.status).toBe('OK');
      else expect(reply).toMatchObject({ status: 'FAILED', error_code: ErrorCode.InvalidSignature });
    }
  });
});
