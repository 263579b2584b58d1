// The one table from error code to HTTP status, for both --error-status modes.
import { ErrorCode, type DevnetError } from '../domain/values/errors.js';

export type ErrorStatusMode = 'fidelity' | 'http';

const HTTP_MODE: Readonly<Record<number, number>> = {
  [ErrorCode.InvalidAPIKey]: 401,
  [ErrorCode.InvalidOwnerOfContract]: 403,
  [ErrorCode.CancelOrderWrongOwner]: 403,
  [ErrorCode.PaymentPermissionDeny]: 403,
  [ErrorCode.NOSuchAccountID]: 404,
  [ErrorCode.NoSuchAssetID]: 404,
  [ErrorCode.NotSuchContract]: 404,
  [ErrorCode.NotSuchToken]: 404,
  [ErrorCode.DuplicateTransactionError]: 409,
  [ErrorCode.DuplicateOrderInfoError]: 409,
  [ErrorCode.TokenIDInvalid]: 409,
  [ErrorCode.CanceledOrder]: 409,
  [ErrorCode.InsufficientAvailable]: 422,
  [ErrorCode.InsufficientFrozen]: 422,
  [ErrorCode.OrderConditionalCanceled]: 422,
  [ErrorCode.FOKAndIOCCanceled]: 422,
  [ErrorCode.SystemError]: 500,
};

/**
 * fidelity (default): 200 for validation and business failures, because the real SDKs read
 * `status: "FAILED"` from resolved responses; 401 for API keys. http: a conventional status per code.
 * A route-specific status (404 unknown route, 413 too large) wins in both modes.
 */
export function httpStatusFor(error: DevnetError, mode: ErrorStatusMode): number {
  if (error.httpStatus !== undefined) return error.httpStatus;
  if (error.code === ErrorCode.InvalidAPIKey) return 401;
  if (error.code === ErrorCode.SystemError) return 500;
  if (mode === 'fidelity') return 200;
  return HTTP_MODE[error.code] ?? 400;
}
