// Apart from anvil.ts so the flag table can name the default without loading the L1 code.

/**
 * The chain id of the Anvil `--l1 anvil` starts (`--l1-chain-id`): Sepolia's, the only chain the official
 * marketplace app (JS SDK 0.8) accepts, so a browser wallet on the devnet's L1 connects to it (docs/l1.md).
 */
export const DEFAULT_L1_CHAIN_ID = 11_155_111;
