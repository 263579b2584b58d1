// The CLI's subcommands, loaded only when named so that serving starts as fast as before.
export const SUBCOMMANDS = ['scenario', 'fuzz'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

export function isSubcommand(name: string | undefined): name is Subcommand {
  return (SUBCOMMANDS as readonly (string | undefined)[]).includes(name);
}

/** Runs `l2-devnet NAME ARGS...` and returns its exit code. */
export async function runSubcommand(name: Subcommand, argv: readonly string[]): Promise<number> {
  if (name === 'scenario') return (await import('./scenario/cli.js')).scenarioCommand(argv);
  let fuzz: typeof import('./testing/fuzz-cli.js');
  try {
    fuzz = await import('./testing/fuzz-cli.js');
  } catch (e) {
    // fast-check is an optional peer: a project that installed l2-devnet alone has no fuzzer.
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !String((e as Error).message).includes('fast-check')) throw e;
    process.stderr.write('l2-devnet fuzz: needs fast-check, an optional peer dependency of l2-devnet: npm install --save-dev fast-check\n');
    return 2;
  }
  return fuzz.fuzzCommand(argv);
}
