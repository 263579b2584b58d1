// Command lines by a table of flags: node:util parseArgs reads them, each flag's environment variable
// (L2DEVNET_*, where a command has them) and default fill in, and each flag's `set` validates its text
// into the command's options object. The server command's table is cli/flags.ts; scenario and fuzz have their own.
import { parseArgs } from 'node:util';

export class FlagError extends Error {}

/** A value a flag's `set` refuses: the parser names the flag and (unless it is secret) the value. */
class Refused extends Error {}
/** A comma-separated list (an environment variable of a repeatable flag), its items trimmed, empty ones dropped. */
const listOf = (text = ''): string[] => text.split(',').flatMap((k) => (k.trim() === '' ? [] : [k.trim()]));
export const refuse = (must: string): never => {
  throw new Refused(must);
};

interface FlagBase {
  name: string;
  /** The text default, as --help and docs/cli.md show it; undefined: the option stays unset. */
  default?: string;
  /** The only values allowed. */
  values?: readonly string[];
  /** Refusals do not echo the value (a token). */
  secret?: true;
  help: string;
}

/** A flag given once (the last one wins). */
export interface SingleFlag<O> extends FlagBase {
  repeatable?: undefined;
  set(options: O, value: string): void;
}

/**
 * A flag that may be given several times; its environment variable takes a comma-separated list.
 * `add`: the flags add to the environment's list (--api-key); `replace`: given flags replace it.
 */
export interface ListFlag<O> extends FlagBase {
  repeatable: 'add' | 'replace';
  set(options: O, values: string[]): void;
}

export type FlagSpec<O> = SingleFlag<O> | ListFlag<O>;

/** `--error-status` -> `L2DEVNET_ERROR_STATUS`: every flag of the server command has one. */
export function envOf(name: string): string {
  return `L2DEVNET_${name.toUpperCase().replaceAll('-', '_')}`;
}

export interface Parsed<O> {
  options: O;
  /** The arguments that are no flag (only where the command takes them). */
  positionals: string[];
  help: boolean;
  version: boolean;
}

/** parseArgs' refusals in the CLI's words, naming the flag or the argument. */
function argvError(e: unknown): FlagError {
  const { code, message } = e as { code?: string; message: string };
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new FlagError(`unknown flag ${quoted} (see --help)`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new FlagError(`unexpected argument "${quoted}" (see --help)`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('argument missing'))
    return new FlagError(`${quoted.replace(/ <value>$/, '')} needs a value`);
  if (code?.startsWith('ERR_PARSE_ARGS_')) return new FlagError(message);
  throw e;
}

/**
 * argv (after the command) + environment -> options, by `table`. Flags win over environment
 * variables (only with `env`: the server command's and health's), which win over defaults. With
 * --help or --version nothing else is checked.
 */
export function parseCommandLine<O extends object>(
  table: readonly FlagSpec<O>[],
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
  o: { positionals?: boolean; version?: boolean } = {},
): Parsed<O> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: o.positionals ?? false,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...(o.version ? { version: { type: 'boolean', short: 'v' } as const } : {}),
        ...Object.fromEntries(table.map((f) => [f.name, { type: 'string', multiple: f.repeatable !== undefined }] as const)),
      },
    });
  } catch (e) {
    throw argvError(e);
  }
  const options = {} as O;
  const result = { options, positionals: parsed.positionals, help: parsed.values.help === true, version: parsed.values.version === true };
  if (result.help || result.version) return result;
  for (const f of table) {
    const given = parsed.values[f.name] as string | string[] | undefined;
    const fromEnv = env[envOf(f.name)] === '' ? undefined : env[envOf(f.name)];
    let shown: string | undefined;
    try {
      if (f.repeatable !== undefined) {
        const values =
          given === undefined
            ? listOf(fromEnv ?? f.default)
            : f.repeatable === 'add'
              ? [...listOf(fromEnv), ...(given as string[])]
              : (given as string[]).map((k) => k.trim());
        shown = values.join(',');
        f.set(options, values);
      } else {
        shown = (given as string | undefined) ?? fromEnv ?? f.default;
        if (shown === undefined) continue;
        if (f.values && !f.values.includes(shown)) refuse(`must be one of ${f.values.join('|')}`);
        f.set(options, shown);
      }
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      throw new FlagError(`--${f.name} ${e.message}${f.secret ? '' : `, got "${shown}"`}`);
    }
  }
  return result;
}

/** A table's flags as help lines: `--name VAR help (values) [default: x]`. */
export function flagLines(table: readonly FlagSpec<never>[], withEnv: boolean): string[] {
  return table.map((f) => {
    const vals = f.values ? ` (${f.values.join('|')})` : '';
    const def = f.default === undefined ? '' : ` [default: ${f.default}]`;
    return `  --${f.name.padEnd(14)} ${withEnv ? envOf(f.name).padEnd(24) + ' ' : ''}${f.help}${vals}${def}`;
  });
}
