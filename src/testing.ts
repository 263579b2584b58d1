// Public testing module (`l2-devnet/testing`): signing helpers, scenario runner, property runner and invariant checks.
export { signedCancelBody, signedOrderBody, signedTransferBody, signedWithdrawalBody } from './testing/signing.js';
export type { MoveFields, OrderFields } from './testing/signing.js';
