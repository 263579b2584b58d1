// The CLI's subcommands, loaded only when named so that serving starts as fast as before.
export const SUBCOMMANDS = ['scenario', 'fuzz'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export function isSubcommand(name: string | undefined): name is Subcommand {
  return (SUBCOMMANDS as readonly (string | undefined)[]).includes(name);
}

/** Runs `l2-devnet NAME ARGS...` and returns its exit code. */
export async function runSubcommand(name: Subcommand, argv: readonly string[]): Promise<number> {
  if (name === 'scenario') return (await import('./cli.js')).scenarioCommand(argv);
  return (await import('../testing/fuzz-cli.js')).fuzzCommand(argv);
}
