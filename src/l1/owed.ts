// What L1 owes L2: the records that reached AcceptedOnL1 and whose write there (a withdrawal's credit,
// an L1 deposit's acceptance) the node has not confirmed yet. Each stays owed until it is confirmed.
import type { Devnet } from '../core/devnet.js';
import type { Hex } from './codec.js';
import type { Contract } from './contract.js';
import { settleRecord } from './deploy.js';
import { problem } from './logs.js';
import { L1Error } from './rpc.js';
import { settledOnL1 } from './saved.js';

export class OwedWrites {
  /** Sequence ids, in the order their records reached AcceptedOnL1. */
  readonly list: number[] = [];
  /** Why the first of them failed last (for `GET /_devnet/config`). */
  private lastError: string | undefined;
  /** A write failed with no answer (a deadline, a lost connection): it may have happened, so L1's logs are read before it is tried again. */
  private unsure = false;

  status(): { owed: number[]; owed_error: string | null } {
    return { owed: [...this.list], owed_error: this.list.length > 0 ? (this.lastError ?? null) : null };
  }

  /**
   * Settles them on L1 one by one. The node's own refusal (a revert) is reported and the record
   * dropped; no answer at all keeps it and the rest owed, to be tried again after the next request.
   */
  async settle(starkEx: Contract, tokens: ReadonlyMap<Hex, Contract>, operator: Hex, devnet: Devnet): Promise<void> {
    if (this.list.length === 0) return;
    const done = this.unsure ? await settledOnL1(starkEx) : new Set<number>();
    this.unsure = false;
    while (this.list.length > 0) {
      const seq = this.list[0]!;
      if (!done.has(seq))
        try {
          await settleRecord(starkEx, tokens, operator, devnet, seq);
        } catch (e) {
          if (!(e instanceof L1Error)) {
            this.unsure = true;
            this.lastError = `record ${seq}: ${(e as Error).message}`;
            throw new Error(`record ${seq} is still owed on L1, tried again after the next request: ${(e as Error).message}`);
          }
          problem(`record ${seq} was not settled on L1: ${(e as Error).message}`);
        }
      this.list.shift();
    }
    this.lastError = undefined;
  }
}
