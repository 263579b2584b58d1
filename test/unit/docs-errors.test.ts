// docs/errors.md lists every code of the real service's table with its name and its HTTP status in
// --error-status http mode, as src/ says them; and the package exports the table by name.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/index.js';
import { DevnetError } from '../../src/domain/values/errors.js';
import { httpStatusFor } from '../../src/http/errors.js';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const rows = new Map(
  [...doc.matchAll(/^\| (\d+) \| `(\w+)` \| (\d+) \| (.+) \|$/gm)].map((m) => [
    Number(m[1]),
    { name: m[2]!, http: Number(m[3]), when: m[4]! },
  ]),
);

describe('docs/errors.md', () => {
  const codes = Object.entries(ErrorCode).filter(([, code]) => code !== ErrorCode.Success);

  it('has one row per code of ErrorCode, no more', () => {
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual(codes.map(([, c]) => c).sort((a, b) => a - b));
  });

  it.each(codes)('%s: the row names it and gives the status httpStatusFor gives in http mode', (name, code) => {
    const row = rows.get(code)!;
    expect(row.name).toBe(name);
    expect(row.http).toBe(httpStatusFor(new DevnetError(code, 'x'), 'http'));
    expect(row.when.length).toBeGreaterThan(4);
  });

  it('a code the doc calls "never" is thrown nowhere in src/, and every other code somewhere', () => {
    const root = new URL('../..', import.meta.url);
    for (const [, row] of rows) {
      // The table itself and the code -> status map name every code; a use is anywhere else.
      const r = spawnSync(
        'git',
        ['grep', '-l', '-E', `ErrorCode\\.${row.name}\\b`, '--', 'src', ':!src/domain/values/errors.ts', ':!src/http/errors.ts'],
        { cwd: root, encoding: 'utf8' },
      );
      const used = r.stdout.trim() !== '';
      expect(used, `${row.name}: the doc says "${row.when.slice(0, 40)}…"`).toBe(!row.when.startsWith('never'));
    }
  });
});
