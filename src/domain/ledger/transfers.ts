// L2 transfers: a StarkEx type-1 message to another stark key, listed for both parties.
import { transferMsgHash } from '../../crypto/messages.js';
import { parseStarkKey } from './accounts.js';
import { moveBetween, type MoveKind, type SignedMoveInput, submitSignedMove } from './signed-moves.js';
import type { SignatureCheck } from './signed.js';
import { RECORD_TYPES, type State } from '../state/state.js';

export const TRANSFER: MoveKind = {
  recordType: RECORD_TYPES.transfer,
  listForReceiver: true,
  parseReceiver: (text) => parseStarkKey(text, 'receiver'),
  messageHash: (input, asset, receiver) =>
    transferMsgHash({
      amount: input.amount,
      nonce: input.nonce,
      senderVaultId: input.vaultId,
      token: asset.id,
      receiverVaultId: input.receiverVaultId,
      receiverPublicKey: BigInt(receiver),
      expirationTimestamp: input.expiration,
    }),
  settle: (state, input, asset, receiver) => moveBetween(state, input.starkKey, receiver, asset, input.amount),
};

export function submitTransfer(state: State, input: SignedMoveInput, check: SignatureCheck): number {
  return submitSignedMove(state, TRANSFER, input, check);
}
