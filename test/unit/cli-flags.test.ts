// The CLI flag table: flags over env over defaults, validation into typed options, repeatable --api-key, --help listing.
import { describe, expect, it } from 'vitest';
import { FLAGS, helpText, parseFlags } from '../../src/cli/flags.js';
import { envOf, FlagError } from '../../src/cli/command-line.js';

describe('parseFlags', () => {
  it('takes defaults, then environment, then flags', () => {
    expect(parseFlags([], {}).options).toEqual({
      host: '127.0.0.1',
      port: 8080,
      settlement: 'auto',
      durability: 'write',
      clock: 'virtual',
      signatures: 'verify',
      errorStatus: 'fidelity',
      apiKeys: [],
      maxBodyBytes: 1024 * 1024,
      allowedHosts: [],
      corsOrigins: '*',
      requestJournal: 1000,
      namespaces: { max: 64, ttlSeconds: 0 },
      l1ChainId: 11_155_111,
    });
    expect(parseFlags([], { L2DEVNET_PORT: '0', L2DEVNET_SETTLEMENT: 'manual' }).options).toMatchObject({ port: 0, settlement: 'manual' });
    expect(parseFlags(['--port', '9', '--settlement=interval:5'], { L2DEVNET_PORT: '0' }).options).toMatchObject({
      port: 9,
      settlement: { interval: 5 },
    });
    expect(
      parseFlags(['--genesis', 'g.json', '--state', 'd', '--error-status', 'http', '--max-namespaces', '3', '--listen-file', 'f'], {
        L2DEVNET_NAMESPACE_TTL: '60',
        L2DEVNET_SEED: 's',
      }).options,
    ).toMatchObject({
      genesisPath: 'g.json',
      stateDir: 'd',
      errorStatus: 'http',
      namespaces: { max: 3, ttlSeconds: 60 },
      listenFile: 'f',
      seed: 's',
    });
  });

  it('collects --api-key from the environment list and repeated flags', () => {
    expect(parseFlags(['--api-key', 'k3', '--api-key=k4'], { L2DEVNET_API_KEY: 'k1, k2' }).options.apiKeys).toEqual([
      'k1',
      'k2',
      'k3',
      'k4',
    ]);
    expect(parseFlags([], {}).options.apiKeys).toEqual([]);
  });

  it.each([
    [['--port', '70000']],
    [['--port', 'x']],
    [['--settlement', 'interval:0']],
    [['--settlement', 'sometimes']],
    [['--signatures', 'maybe']],
    [['--log', 'loud']],
    [['--error-status', '500']],
    [['--nope']],
    [['--port']],
    [['stray']],
  ])('refuses %j', (argv) => {
    expect(() => parseFlags(argv, {})).toThrow(FlagError);
  });

  it("refusals name the flag and the value (never a token), in the CLI's words", () => {
    const message = (argv: string[], env: Record<string, string> = {}): string => {
      try {
        parseFlags(argv, env);
      } catch (e) {
        expect(e).toBeInstanceOf(FlagError);
        return (e as Error).message;
      }
      throw new Error(`${argv.join(' ')} was accepted`);
    };
    expect(message(['--nope'])).toBe('unknown flag --nope (see --help)');
    expect(message(['--port'])).toBe('--port needs a value');
    expect(message(['stray'])).toBe('unexpected argument "stray" (see --help)');
    expect(message(['--port', '70000'])).toBe('--port must be an integer in [0, 65535], got "70000"');
    expect(message([], { L2DEVNET_LOG: 'loud' })).toBe('--log must be one of pretty|json|silent, got "loud"');
    expect(message(['--control-token', 'has space'])).not.toContain('has space');
  });

  it('--help and --version win over bad values', () => {
    expect(parseFlags(['--port', '70000', '-h'], {}).help).toBe(true);
    expect(parseFlags(['-v'], { L2DEVNET_PORT: 'x' }).version).toBe(true);
  });

  it('reads the limit and defence flags: sizes, CORS origins, allowed hosts, the control token', () => {
    const d = parseFlags([], {}).options;
    expect(d).toMatchObject({ maxBodyBytes: 1024 * 1024, corsOrigins: '*', allowedHosts: [] });
    expect(d.storageQuota).toBeUndefined();
    expect(d.controlToken).toBeUndefined();
    expect(parseFlags(['--max-body-bytes', '4MiB'], {}).options.maxBodyBytes).toBe(4 * 1024 * 1024);
    expect(parseFlags(['--max-body-bytes=512k'], {}).options.maxBodyBytes).toBe(512 * 1024);
    expect(parseFlags([], { L2DEVNET_MAX_BODY_BYTES: '2048' }).options.maxBodyBytes).toBe(2048);
    expect(parseFlags(['--cors-origin', 'none'], {}).options.corsOrigins).toEqual([]);
    expect(
      parseFlags(['--cors-origin', 'http://LocalHost:3000/', '--cors-origin', 'https://app.example:443'], {}).options.corsOrigins,
    ).toEqual(['http://localhost:3000', 'https://app.example']);
    // Flags replace the environment's list (flags win), as for any flag.
    expect(parseFlags(['--cors-origin', 'http://a.example'], { L2DEVNET_CORS_ORIGIN: 'http://b.example' }).options.corsOrigins).toEqual([
      'http://a.example',
    ]);
    expect(parseFlags([], { L2DEVNET_CORS_ORIGIN: 'http://a.example, http://b.example' }).options.corsOrigins).toEqual([
      'http://a.example',
      'http://b.example',
    ]);
    expect(parseFlags(['--allowed-host', 'devnet.example', '--allowed-host', '.ci.internal'], {}).options.allowedHosts).toEqual([
      'devnet.example',
      '.ci.internal',
    ]);
    expect(parseFlags([], { L2DEVNET_ALLOWED_HOST: 'a.example,*' }).options.allowedHosts).toEqual(['a.example', '*']);
    expect(parseFlags(['--control-token', 's3cret-Token_1'], {}).options.controlToken).toBe('s3cret-Token_1');
  });

  it.each([
    [['--max-body-bytes', '0']],
    [['--max-body-bytes', 'big']],
    [['--storage-quota', '-5']],
    [['--cors-origin', 'none', '--cors-origin', 'http://a.example']],
    [['--cors-origin', '*', '--cors-origin', 'http://a.example']],
    [['--cors-origin', 'ftp://a.example']],
    [['--cors-origin', 'localhost:3000']],
    [['--allowed-host', 'http://a.example']],
    [['--allowed-host', 'a b']],
    [['--control-token', 'has space']],
    [['--control-token', 'é']],
  ])('refuses %j', (argv) => {
    expect(() => parseFlags(argv, {})).toThrow(FlagError);
  });

  it('help lists every flag with its environment variable', () => {
    const text = helpText();
    for (const f of FLAGS) {
      expect(text).toContain(`--${f.name}`);
      expect(text).toContain(envOf(f.name));
    }
  });

  it('every flag has its environment variable, read as the flag is', () => {
    // A value other than the default for each flag (a new flag needs one here).
    const sample: Record<string, string> = {
      host: '0.0.0.0',
      port: '0',
      genesis: 'g.json',
      seed: 's',
      settlement: 'manual',
      state: 'dir',
      durability: 'fsync',
      clock: 'wall',
      signatures: 'skip',
      'error-status': 'http',
      'gateway-url': 'http://gw.example',
      'public-url': 'http://pub.example',
      'listen-file': 'f',
      'api-key': 'k',
      'max-body-bytes': '2KiB',
      'storage-quota': '1MiB',
      'allowed-host': 'a.example',
      'control-token': 't',
      'cors-origin': 'none',
      'request-journal': '7',
      'max-namespaces': '3',
      'namespace-ttl': '9',
      l1: 'http://127.0.0.1:8545',
      'l1-contract': '0x00000000000000000000000000000000000000aa',
      'l1-chain-id': '5',
      log: 'json',
      accounts: '2',
      balance: '5',
      'load-state': 'in.json',
      'dump-state': 'out.json',
    };
    // Flags that need another one given with them (--balance applies to --accounts).
    const needs: Record<string, string[]> = { balance: ['--accounts', '2'] };
    for (const f of FLAGS) {
      const value = sample[f.name]!;
      expect(value, `a sample value for --${f.name}`).toBeDefined();
      const base = needs[f.name] ?? [];
      const fromEnv = parseFlags(base, { [envOf(f.name)]: value }).options;
      expect(fromEnv, f.name).toEqual(parseFlags([...base, `--${f.name}=${value}`], {}).options);
      expect(fromEnv, f.name).not.toEqual(parseFlags(base, {}).options);
    }
  });
});

describe('--accounts, --balance, --load-state, --dump-state', () => {
  it('--accounts N funds each with 10000 ETH unless --balance says otherwise (env too)', () => {
    expect(parseFlags(['--accounts', '3'], {}).options.devAccounts).toEqual({ count: 3, balanceWei: 10_000n * 10n ** 18n });
    expect(parseFlags(['--accounts', '2', '--balance', '0.5'], {}).options.devAccounts).toEqual({ count: 2, balanceWei: 5n * 10n ** 17n });
    expect(parseFlags([], { L2DEVNET_ACCOUNTS: '4', L2DEVNET_BALANCE: '7' }).options.devAccounts).toEqual({
      count: 4,
      balanceWei: 7n * 10n ** 18n,
    });
    expect(parseFlags(['--load-state', 'in.json', '--dump-state', 'out.json'], {}).options).toMatchObject({
      loadState: 'in.json',
      dumpState: 'out.json',
    });
  });

  it.each([
    [['--accounts', '0'], '--accounts must be an integer in [1, 10000], got "0"'],
    [['--accounts', 'ten'], '--accounts must be an integer in [1, 10000], got "ten"'],
    [['--balance', '5'], '--balance needs --accounts N, got "5"'],
    [['--accounts', '1', '--balance=-1'], '--balance must be an amount of ETH such as 10000 or 0.5 (at most 6 decimals), got "-1"'],
    [
      ['--accounts', '1', '--balance', '0.0000001'],
      '--balance must be an amount of ETH such as 10000 or 0.5 (at most 6 decimals), got "0.0000001"',
    ],
    [
      ['--state', 'd', '--load-state', 'f'],
      '--load-state cannot be combined with --state (the directory already restores its state), got "f"',
    ],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseFlags(argv, {})).toThrow(new FlagError(message));
  });
});
