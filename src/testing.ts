// Public testing module (`l2-devnet/testing`): signing helpers, scenario runner, property runner and invariant checks.
export { signedCancelBody, signedOrderBody, signedPayment, signedTransferBody, signedWithdrawalBody } from './scenario/signing.js';
export type { MoveFields, OrderFields, PaymentFields } from './scenario/signing.js';
export { runScenario, loadScenario } from './scenario/runner.js';
export type { ScenarioResult, StepResult, RunOptions } from './scenario/runner.js';
export type { Scenario, Step, Expectation, RawRequest, CallName } from './scenario/format.js';
export { inProcessTarget, urlTarget } from './scenario/target.js';
export type { Target, Reply } from './scenario/target.js';
export { Context } from './scenario/context.js';
export { prepareCall } from './scenario/calls.js';
export { runFuzz, fuzzCommands } from './testing/fuzz.js';
export type { FuzzOptions, FuzzReport } from './testing/fuzz.js';
export { amountArbitrary, orderArbitrary, orderPrice, transferArbitrary, traderArbitrary, display6 } from './testing/arbitraries.js';
export type { OrderSpec, TransferSpec } from './testing/arbitraries.js';
export { checkInvariants, checkAgainstModel, ModelMismatch } from './testing/invariants.js';
export { genesisModel } from './testing/model.js';
export type { ModelState } from './testing/model.js';
export { namespaceUrl, workerDevnet, workerId, workerNamespace } from './testing/namespaces.js';
export type { NamespacedDevnet, WorkerNamespaceOptions } from './testing/namespaces.js';
