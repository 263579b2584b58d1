// The one error type of the emulator and the real service's error-code table.

/** Error codes exactly as the real service numbers them (docs/errors.md). */
export const ErrorCode = {
  Success: 0,
  StarkKeyMissing: 1,
  AmountInvalid: 2,
  TokenIDMissing: 3,
  TokenIDParseFailed: 4,
  NOSuchAccountID: 5,
  NoSuchAssetID: 6,
  NoMintableToken: 7,
  InsufficientAvailable: 8,
  InsufficientFrozen: 9,
  AddSequenceFailed: 10,
  FailedToGenerateNonce: 11,
  OrderFormatError: 12,
  DuplicateTransactionError: 13,
  FullWithdrawError: 14,
  NotSuchContract: 15,
  FailedToGenerateVaultID: 16,
  CancelOrderWrongOwner: 17,
  StarkKeyInvalid: 18,
  InvalidParam: 19,
  OrderConditionalCanceled: 20,
  FOKAndIOCCanceled: 21,
  TokenIDInvalid: 22,
  MintAmountInvalid: 23,
  DuplicateOrderInfoError: 24,
  NotSuchToken: 25,
  CanceledOrder: 26,
  ContractAddressMissing: 27,
  NoSuchContractType: 28,
  FailedToParseUint: 29,
  CommandToEventFailed: 30,
  EventNotMatch: 31,
  InvalidAPIKey: 32,
  InvalidOwnerOfContract: 33,
  InvalidSignature: 34,
  PaymentPermissionDeny: 35,
  FailedToVerifyParams: 400,
  FailedToJSONUnmarshal: 401,
  SystemError: 500,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/**
 * A refusal the client can act on: a code from the table and a message that names the field
 * and the reason. Thrown before any state changes, so a caught DevnetError means "nothing applied".
 */
export class DevnetError extends Error {
  readonly code: ErrorCodeValue;
  /** Set by routes whose refusal is not a validation failure (unknown route, upload too large). */
  readonly httpStatus: number | undefined;

  constructor(code: ErrorCodeValue, message: string, httpStatus?: number) {
    super(message);
    this.name = 'DevnetError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export function fail(code: ErrorCodeValue, message: string): never {
  throw new DevnetError(code, message);
}

/** The most of a client's value a refusal quotes: enough to recognise it, never the whole of a huge one. */
export const ECHO_MAX = 100;

/**
 * `text` as a refusal quotes it: at most ECHO_MAX characters, then `…` and the full length. The cut
 * never splits a surrogate pair (a lone half would reach the wire as U+FFFD).
 */
export function echo(text: string): string {
  if (text.length <= ECHO_MAX) return text;
  const end = (text.charCodeAt(ECHO_MAX - 1) & 0xfc00) === 0xd800 ? ECHO_MAX - 1 : ECHO_MAX;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}
