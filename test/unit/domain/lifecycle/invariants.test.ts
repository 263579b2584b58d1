// The invariant checker itself: clean on a fresh devnet, and each check fires on a state corrupted on purpose.
import { describe, expect, it } from 'vitest';
import { createDevnet } from '../../../../src/index.js';

const ETH = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';

function fresh() {
  const { devnet } = createDevnet();
  const alice = devnet.accounts().accounts[0]!.stark_key;
  return { devnet, state: devnet.state, alice };
}

describe('findViolations', () => {
  it('is clean on the genesis state, with a stable state hash', () => {
    const a = fresh().devnet.invariants();
    expect(a).toMatchObject({ ok: true, violations: [] });
    expect(a.state_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fresh().devnet.invariants().state_hash).toBe(a.state_hash);
  });

  it.each<[string, (f: ReturnType<typeof fresh>) => void, RegExp]>([
    [
      'money from nowhere',
      (f) => {
        f.state.accounts.get(f.alice)!.balances.get(ETH)!.available += 1n;
      },
      /conservation of 0x352f/,
    ],
    [
      'a negative balance',
      (f) => {
        const b = f.state.accounts.get(f.alice)!.balances.get(ETH)!;
        b.available = -1n;
        f.state.issued.set(ETH, f.state.issued.get(ETH)! - 10000001n);
      },
      /negative balance/,
    ],
    [
      'frozen funds without an order',
      (f) => {
        const b = f.state.accounts.get(f.alice)!.balances.get(ETH)!;
        b.available -= 5n;
        b.frozen += 5n;
      },
      /frozen without an open order/,
    ],
    [
      'an NFT held twice',
      (f) => {
        f.state.accounts.get(f.devnet.accounts().accounts[1]!.stark_key)!.balances.set(NFT_1, { available: 1n, frozen: 0n });
      },
      /held 2 times/,
    ],
    [
      'a record missing from its batch queue',
      (f) => {
        f.state.pendingL2.delete(1);
      },
      /record 1 at status 1 is not queued/,
    ],
    [
      'an id queued that is no record',
      (f) => {
        f.state.pendingL2.add(999_999);
      },
      /the batch queues hold \d+ ids but \d+ records are queued/,
    ],
    [
      'a record in both batch queues',
      (f) => {
        f.state.pendingL1.add(1);
      },
      /the batch queues hold \d+ ids but \d+ records are queued/,
    ],
    [
      'nonce bookkeeping off',
      (f) => {
        f.state.accounts.get(f.alice)!.maxNonce = 4n;
      },
      /nonce bookkeeping/,
    ],
    [
      'an NFT list index that lost its tokens',
      (f) => {
        f.state.lists.nfts.clear();
      },
      /list index nfts is out of step/,
    ],
  ])('reports %s', (_n, corrupt, message) => {
    const f = fresh();
    corrupt(f);
    const r = f.devnet.invariants();
    expect(r.ok).toBe(false);
    expect(r.violations.join('\n')).toMatch(message);
  });

  it('reads the batch queues beside the records when they are in order, and looks them up when not: the same verdicts', () => {
    const f = fresh();
    const bob = f.devnet.accounts().accounts[1]!.stark_key;
    for (let i = 0; i < 5; i++) f.devnet.deposit({ starkKey: bob, contractAddress: 'eth', amount: 1n });
    expect(f.devnet.invariants().violations).toEqual([]);
    // A queue whose order is not ascending (an id taken out and put back, as an undo does).
    const second = [...f.state.pendingL2][1]!;
    f.state.pendingL2.delete(second);
    f.state.pendingL2.add(second);
    expect(f.devnet.invariants().violations).toEqual([]);
    f.state.pendingL2.delete(second);
    expect(f.devnet.invariants().violations.join('\n')).toMatch(new RegExp(`record ${second} at status 1 is not queued`));
  });
});
