// The kinds a state's entities take (token standards, record types and statuses, order states): plain
// constants, loaded at start, apart from the entities' schemas (entities.ts), which only the state dump
// and /openapi.json need.
// Token standards as the real service names them. ERC721M: mintable on L2 with one base URI; ERC721MC:
// mintable with a custom URI per token; both registered on L1 as an ERC721 as well (StarkEx MintableERC721Token).
export const TOKEN_TYPES = ['ETH', 'ERC20', 'ERC721', 'ERC721M', 'ERC721MC'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const RECORD_TYPES = { deposit: 1, mint: 2, transfer: 3, withdrawal: 4, ask: 7, bid: 8 } as const;
export type RecordType = (typeof RECORD_TYPES)[keyof typeof RECORD_TYPES];

/** A record's status (GET /v1/record's `status`); the moves it may make are in records.ts. */
export const RecordStatus = {
  SubmittedToService: 0,
  AcceptedByService: 1,
  FailedOnService: 2,
  AcceptedOnL2: 3,
  RejectedOnL2: 4,
  Rolled: 5,
  AcceptedOnL1: 6,
} as const;

export const ORDER_STATES = { placed: 0, cancelled: 1, filled: 2, partiallyFilled: 3 } as const;
export type OrderState = (typeof ORDER_STATES)[keyof typeof ORDER_STATES];

/** `stop_limit_time_in_force`: GTC rests, IOC never rests, FOK fills whole at once or not at all. */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
