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

  it('help lists every flag with its environment variable', () => {
    const text = helpText();
    for (const f of FLAGS) {
      expect(text).toContain(`--${f.name}`);
      expect(text).toContain(f.env);
    }
  });
});
