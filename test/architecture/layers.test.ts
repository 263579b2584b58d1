// The layout is the architecture: no import cycles, imports point down the layers, the domain is pure.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, cycles, folderCycles, importGraph, overLength } from './imports.js';

const graph = importGraph();

/** The layers, highest first, as the entry files and folders of src/: a module may import its own layer or any below it. */
const LAYERS: readonly (readonly string[])[] = [
  ['main.ts', 'cli/'],
  ['testing.ts', 'testing/', 'scenario/', 'vitest.ts', 'vitest-setup.ts'],
  ['index.ts', 'server/'],
  ['l1/'],
  ['emulator/', 'persistence/'],
  ['http/', 'explorer/'],
  ['core/'],
  ['domain/'],
  ['crypto/', 'ipfs/'],
];

function layerOf(module: string): number {
  const i = LAYERS.findIndex((names) => names.some((n) => (n.endsWith('/') ? module.startsWith(n) : module === n)));
  if (i < 0) throw new Error(`${module} is in no layer: add it to LAYERS`);
  return i;
}

const folderOf = (module: string): string => module.split('/').slice(0, 2).join('/');

describe('architecture', () => {
  it('has no import cycle (type-only imports included)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import cycle between folders, at any depth (domain/ledger <-> domain/records, http <-> explorer, ...)', () => {
    expect(folderCycles(graph)).toEqual([]);
  });

  it('a planted folder cycle is found', () => {
    const planted = new Map([...graph].map(([m, { local }]) => [m, { local: [...local] }]));
    planted.get('domain/values/errors.ts')!.local.push('domain/lifecycle/dump.ts');
    expect(folderCycles(planted).some((c) => c.includes('domain/lifecycle/') && c.includes('domain/values/'))).toBe(true);
  });

  it('only the entry points sit at the top of src/: the library, testing and vitest entries, the CLI main', () => {
    const top = readdirSync(SRC).filter((n) => n.endsWith('.ts'));
    expect(top.sort()).toEqual(['index.ts', 'main.ts', 'testing.ts', 'vitest-setup.ts', 'vitest.ts']);
    // Every other module is in a folder its layer names.
    expect(LAYERS.flat().filter((n) => !n.endsWith('/') && !top.includes(n))).toEqual([]);
  });

  it('no module over 300 lines, no function over 80', () => {
    expect(overLength(graph.keys(), 300, 80)).toEqual([]);
  });

  it('imports point down: main -> index -> app -> http -> devnet -> domain -> crypto/ipfs', () => {
    const upward: string[] = [];
    for (const [module, { local }] of graph)
      for (const target of local) if (layerOf(target) < layerOf(module)) upward.push(`${module} -> ${target}`);
    expect(upward).toEqual([]);
  });

  it('no production module imports test-only code, and src/testing is reached only from the testing entry and the CLI', () => {
    const wrong: string[] = [];
    for (const [module, { local }] of graph) {
      for (const target of local) {
        if (!target.startsWith('..') && existsSync(join(SRC, target))) continue;
        wrong.push(`${module} -> ${target} (outside src/)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the domain is pure: no I/O, no HTTP, no wall clock, no Math.random', () => {
    const impure: string[] = [];
    for (const [module, { packages }] of graph) {
      if (!module.startsWith('domain/')) continue;
      for (const p of packages)
        if (p.startsWith('node:') || p === 'hono' || p.startsWith('hono/') || p.startsWith('lowdb')) impure.push(`${module} imports ${p}`);
      const text = readFileSync(join(SRC, module), 'utf8');
      for (const banned of ['Date.now(', 'new Date()', 'Math.random(', 'process.', 'setTimeout(', 'performance.now('])
        if (text.includes(banned)) impure.push(`${module} uses ${banned}`);
    }
    expect(impure).toEqual([]);
  });

  it('inside the domain: values imports no domain module, state only values, lifecycle is imported by no other folder', () => {
    const wrong: string[] = [];
    for (const [module, { local }] of graph) {
      if (!module.startsWith('domain/')) continue;
      const from = folderOf(module);
      for (const target of local.filter((t) => t.startsWith('domain/'))) {
        const to = folderOf(target);
        if (from === to) continue;
        if (from === 'domain/values') wrong.push(`${module} -> ${target}`);
        if (from === 'domain/state' && to !== 'domain/values') wrong.push(`${module} -> ${target}`);
        if (to === 'domain/lifecycle') wrong.push(`${module} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every domain folder opens with a README line on what it owns, and every module with a comment line', () => {
    const folders = readdirSync(join(SRC, 'domain'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(['catalog', 'ledger', 'lifecycle', 'records', 'state', 'storage', 'trading', 'values']);
    for (const f of folders) expect(readFileSync(join(SRC, 'domain', f, 'README.md'), 'utf8')).toMatch(/^# domain\/\w+\n\S.{40,}/);
    const silent = [...graph.keys()].filter(
      (m) =>
        !readFileSync(join(SRC, m), 'utf8')
          .replace(/^#!.*\n/, '')
          .startsWith('//'),
    );
    expect(silent).toEqual([]);
    expect(readdirSync(join(SRC, 'domain')).filter((n) => n.endsWith('.ts'))).toEqual([]);
  });
});
