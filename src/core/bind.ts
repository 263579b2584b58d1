// The devnet's surface, bound once per devnet the way viem binds its actions to a client: each row of
// the command and query tables becomes an own method of the devnet with the row's parameters after the
// context. No prototype is patched and no declaration merged: the types follow from the tables.
import { COMMAND_TABLE, type CommandContext, type Commands, type TableCommand } from './commands.js';
import { QUERY_TABLE, type Queries, type ReadContext } from './queries.js';

/** The tables' commands bound to a devnet: each a method that runs its row atomically, journaled and published. */
export function commandMethods(c: CommandContext, run: (name: TableCommand, args: unknown[], fn: () => unknown) => unknown): Commands {
  const methods: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of Object.keys(COMMAND_TABLE) as TableCommand[]) {
    const op = COMMAND_TABLE[name] as (c: CommandContext, ...args: unknown[]) => unknown;
    methods[name] = (...args) => run(name, args, () => op(c, ...args));
  }
  return methods as Commands;
}

/** The tables' queries bound to a devnet, by bind: a query (a nonce read) allocates no argument list on its way. */
export function queryMethods(c: ReadContext): Queries {
  const bound = Object.entries(QUERY_TABLE).map(([name, q]) => [name, (q as (...a: unknown[]) => unknown).bind(undefined, c)]);
  return Object.fromEntries(bound) as Queries;
}
