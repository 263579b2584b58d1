// The CLI flag table: flags over env over defaults, validation, repeatable --api-key, --help listing.
import { describe, expect, it } from 'vitest';
import { FLAGS, FlagError, helpText, parseFlags } from '../../src/cli-flags.js';

describe('parseFlags', () => {
  it('takes defaults, then environment, then flags', () => {
    expect(parseFlags([], {}).values).toMatchObject({ host: '127.0.0.1', port: '8080', settlement: 'auto', signatures: 'verify', 'error-status': 'fidelity', log: 'pretty' });
    expect(parseFlags([], { L2DEVNET_PORT: '0', L2DEVNET_SETTLEMENT: 'manual' }).values).toMatchObject({ port: '0', settlement: 'manual' });
    expect(parseFlags(['--port', '9', '--settlement=interval:5'], { L2DEVNET_PORT: '0' }).values).toMatchObject({ port: '9', settlement: 'interval:5' });
  });

  it('collects --api-key from the environment list and repeated flags', () => {
    expect(parseFlags(['--api-key', 'k3', '--api-key=k4'], { L2DEVNET_API_KEY: 'k1, k2' }).values.apiKeys).toEqual(['k1', 'k2', 'k3', 'k4']);
    expect(parseFlags([], {}).values.apiKeys).toEqual([]);
  });

  it.each([
    [['--port', '70000']], [['--port', 'x']], [['--settlement', 'interval:0']], [['--settlement', 'sometimes']],
    [['--signatures', 'maybe']], [['--log', 'loud']], [['--error-status', '500']], [['--nope']], [['--port']], [['stray']],
  ])('refuses %j', (argv) => {
    expect(() => parseFlags(argv, {})).toThrow(FlagError);
  });

  it('reads the limit and defence flags: sizes, CORS origins, allowed hosts, the control token', () => {
    const d = parseFlags([], {}).values;
    expect(d).toMatchObject({ maxBodyBytes: 1024 * 1024, corsOrigins: '*', allowedHosts: [] });
    expect(d.storageQuota).toBeUndefined();
    expect(d['control-token']).toBeUndefined();
    expect(parseFlags(['--max-body-bytes', '4MiB'], {}).values.maxBodyBytes).toBe(4 * 1024 * 1024);
    expect(parseFlags(['--max-body-bytes=512k'], {}).values.maxBodyBytes).toBe(512 * 1024);
    expect(parseFlags([], { L2DEVNET_MAX_BODY_BYTES: '2048' }).values.maxBodyBytes).toBe(2048);
    expect(parseFlags(['--cors-origin', 'none'], {}).values.corsOrigins).toEqual([]);
    expect(parseFlags(['--cors-origin', 'http://LocalHost:3000/', '--cors-origin', 'https://app.example:443'], {}).values.corsOrigins).toEqual(['http://localhost:3000', 'https://app.example']);
    // Flags replace the environment's list (flags win), as for any flag.
    expect(parseFlags(['--cors-origin', 'http://a.example'], { L2DEVNET_CORS_ORIGIN: 'http://b.example' }).values.corsOrigins).toEqual(['http://a.example']);
    expect(parseFlags([], { L2DEVNET_CORS_ORIGIN: 'http://a.example, http://b.example' }).values.corsOrigins).toEqual(['http://a.example', 'http://b.example']);
    expect(parseFlags(['--allowed-host', 'devnet.example', '--allowed-host', '.ci.internal'], {}).values.allowedHosts).toEqual(['devnet.example', '.ci.internal']);
    expect(parseFlags([], { L2DEVNET_ALLOWED_HOST: 'a.example,*' }).values.allowedHosts).toEqual(['a.example', '*']);
    expect(parseFlags(['--control-token', 's3cret-Token_1'], {}).values['control-token']).toBe('s3cret-Token_1');
  });

  it.each([
    [['--max-body-bytes', '0']], [['--max-body-bytes', 'big']], [['--storage-quota', '-5']],
    [['--cors-origin', 'none', '--cors-origin', 'http://a.example']], [['--cors-origin', '*', '--cors-origin', 'http://a.example']], [['--cors-origin', 'ftp://a.example']], [['--cors-origin', 'localhost:3000']],
    [['--allowed-host', 'http://a.example']], [['--allowed-host', 'a b']], [['--control-token', 'has space']], [['--control-token', 'é']],
  ])('refuses %j', (argv) => {
    expect(() => parseFlags(argv, {})).toThrow(FlagError);
  });

  it('help lists every flag with its environment variable', () => {
    const text = helpText();
    for (const f of FLAGS) {
      expect(text).toContain(`--${f.name}`);
      expect(text).toContain(f.env);
    }
  });
});
