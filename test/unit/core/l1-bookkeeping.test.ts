// What the L1 bridge has taken (deposit logs, claim logs, where each L1 deposit's record came from) is
// part of the state: a snapshot's revert, a dump and load and a journal replay carry it as they carry
// balances, with no special case beside the state. Before, it lived beside the state and was lost when
// a state directory compacted its journal into an image.
import { describe, expect, it } from 'vitest';
import { createDevnet } from '../../../src/index.js';
import type { Devnet } from '../../../src/core/devnet.js';

const TX = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function bridgeDeposit(devnet: Devnet, key: string, n: number, amount = 5n) {
  return devnet.l1Deposit({ starkKey: key, contractAddress: 'eth', amount }, TX(n), '0x2a', `${TX(n)}:0`);
}

describe('L1 bookkeeping in the state', () => {
  it('is dumped and loaded: the record keeps its L1 origin, a taken log stays taken', async () => {
    const dn = createDevnet();
    const alice = dn.devnet.accounts().accounts[0]!.stark_key;
    const seq = bridgeDeposit(dn.devnet, alice, 1).sequence_id!;
    // A refused deposit's log is taken too: a re-read must not offer it again.
    expect(
      dn.devnet.l1Deposit({ starkKey: alice, contractAddress: 'eth', amount: 0n }, TX(2), undefined, `${TX(2)}:0`).sequence_id,
    ).toBeNull();
    const dump = dn.devnet.dump();
    expect(dump.l1_deposits).toEqual([[seq, { tx: TX(1), vault: '0x2a' }]]);
    expect(dump.l1_taken).toEqual([
      [`${TX(1)}:0`, seq],
      [`${TX(2)}:0`, seq + 1],
    ]);
    const other = createDevnet();
    other.devnet.loadPieces(dn.devnet.dumpText());
    expect(other.devnet.l1Origin(seq)).toEqual({ tx: TX(1), vault: '0x2a' });
    expect([...other.devnet.state.l1Taken.keys()]).toEqual([`${TX(1)}:0`, `${TX(2)}:0`]);
    expect(other.devnet.stateHash()).toBe(dn.devnet.stateHash());
    await Promise.all([dn.close(), other.close()]);
  });

  it('is reverted with the snapshot, and comes back by a journal replay', async () => {
    const dn = createDevnet();
    const alice = dn.devnet.accounts().accounts[0]!.stark_key;
    const kept = bridgeDeposit(dn.devnet, alice, 1).sequence_id!;
    const { id } = dn.devnet.snapshot();
    const dropped = bridgeDeposit(dn.devnet, alice, 3).sequence_id!;
    expect(dn.devnet.l1Origin(dropped)?.tx).toBe(TX(3));
    dn.devnet.revert(id);
    expect(dn.devnet.l1Origin(dropped)).toBeUndefined();
    expect(dn.devnet.state.l1Taken.has(`${TX(3)}:0`)).toBe(false);
    expect(dn.devnet.l1Origin(kept)?.tx).toBe(TX(1));
    // A deposit that takes the reverted one's sequence id is not mistaken for it.
    const again = dn.devnet.deposit({ starkKey: alice, contractAddress: 'eth', amount: 7n }).sequence_id;
    expect(again).toBe(dropped);
    expect(dn.devnet.l1Origin(again)).toBeUndefined();

    const replayed = createDevnet();
    replayed.devnet.replay({
      cmd: 'l1Deposit',
      args: [{ starkKey: alice, contractAddress: 'eth', amount: 5n }, TX(1), '0x2a', `${TX(1)}:0`],
    });
    expect(replayed.devnet.l1Origin(kept)).toEqual({ tx: TX(1), vault: '0x2a' });
    await Promise.all([dn.close(), replayed.close()]);
  });
});
