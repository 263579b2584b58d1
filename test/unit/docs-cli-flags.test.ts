// docs/cli.md's "CLI flags" table lists every flag of src/cli/flags.ts with its environment variable and default.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAGS } from '../../src/cli/flags.js';
import { envOf } from '../../src/cli/command-line.js';

const readme = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## CLI flags'), readme.indexOf('\n## ', readme.indexOf('## CLI flags') + 1));

describe('docs/cli.md CLI flags table', () => {
  it.each(FLAGS.map((f) => [f.name, f] as const))('--%s has a row with its env var and default', (_name, f) => {
    const row = section.split('\n').find((l) => l.startsWith(`| \`--${f.name}`));
    expect(row, `docs/cli.md "CLI flags" has no row for --${f.name}`).toBeDefined();
    expect(row).toContain(`\`${envOf(f.name)}\``);
    if (f.default !== undefined) expect(row).toContain(`\`${f.default}\``);
  });

  it('mentions --help and --version', () => {
    expect(section).toContain('`--help`');
    expect(section).toContain('`--version`');
  });
});
