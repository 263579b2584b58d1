// --help and --version of the built CLI: the help is the flag table, complete, and exits 0 without starting a server.
import { describe, expect, it } from 'vitest';
import { FLAGS, helpText } from '../../src/cli/flags.js';
import { envOf } from '../../src/cli/command-line.js';
import { runToExit } from '../support/cli.js';

describe('l2-devnet --help / --version', () => {
  it('--help prints the flag table: every flag with its environment variable, values and default', async () => {
    const r = await runToExit(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(helpText() + '\n');
    const lines = r.stdout.split('\n');
    for (const f of FLAGS) {
      const line = lines.find((l) => l.startsWith(`  --${f.name} `));
      expect(line, `--${f.name}`).toBeDefined();
      expect(line).toContain(envOf(f.name));
      if (f.default !== undefined) expect(line).toContain(`[default: ${f.default}]`);
      for (const v of f.values ?? []) expect(line).toContain(v);
    }
    for (const flag of ['--help, -h', '--version, -v']) expect(r.stdout).toContain(flag);
  });

  it('-h wins over other flags, even bad ones, and starts nothing', async () => {
    const r = await runToExit(['--port', '0', '-h']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('"event":"ready"');
  });

  it('--version and -v print the package version', async () => {
    for (const flag of ['--version', '-v']) {
      const r = await runToExit([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('0.2.0\n');
    }
  });
});
