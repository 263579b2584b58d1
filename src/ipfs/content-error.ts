// The one refusal of the IPFS helpers: content that is malformed, inconsistent or incomplete.

/** Bad content (a corrupt or truncated CAR, a block that does not match its CID); the message says which. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
}
