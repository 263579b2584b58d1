// The import graph of src/: every relative import of every module (type-only ones included).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const SRC = resolve(import.meta.dirname, '../../src');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Module (path relative to src/, e.g. `domain/state/state.ts`) -> the modules and packages it imports. */
export function importGraph(): Map<string, { local: string[]; packages: string[] }> {
  const graph = new Map<string, { local: string[]; packages: string[] }>();
  for (const file of walk(SRC)) {
    const local: string[] = [];
    const packages: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) local.push(relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
      else packages.push(spec);
    }
    graph.set(relative(SRC, file), { local, packages });
  }
  return graph;
}

/** Every cycle of the graph, as the modules of each strongly connected component (Tarjan). */
export function cycles(graph: Map<string, { local: string[] }>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.local ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.local.includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * Every cycle between folders: for each depth d, each module stands for its folder cut to d levels
 * (`domain/`, then `domain/ledger/`; a module at the top of src/ stands for itself), and the folder
 * graph has no cycle. Folders as `http/`, `domain/ledger/`.
 */
export function folderCycles(graph: Map<string, { local: string[] }>): string[][] {
  const depth = Math.max(...[...graph.keys()].map((m) => m.split('/').length - 1));
  const found: string[][] = [];
  for (let d = 1; d <= depth; d++) {
    const node = (m: string): string => {
      const dirs = m.split('/').slice(0, -1);
      return dirs.length === 0 ? m : `${dirs.slice(0, d).join('/')}/`;
    };
    const folders = new Map<string, { local: string[] }>();
    for (const [m, { local }] of graph) {
      const from = node(m);
      const edges = folders.get(from) ?? { local: [] };
      folders.set(from, edges);
      for (const to of local.map(node)) if (to !== from && !edges.local.includes(to)) edges.local.push(to);
    }
    for (const c of cycles(folders)) if (!found.some((f) => f.join() === c.join())) found.push(c);
  }
  return found;
}

/** Modules over `maxFileLines` lines and functions over `maxFunctionLines`, as `module` or `module:line name (n lines)`. */
export function overLength(modules: Iterable<string>, maxFileLines: number, maxFunctionLines: number): string[] {
  const out: string[] = [];
  for (const m of modules) {
    const text = readFileSync(join(SRC, m), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > maxFileLines) out.push(`${m} (${lines} lines)`);
    const file = ts.createSourceFile(m, text, ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const first = file.getLineAndCharacterOfPosition(n.getStart(file)).line;
        const span = file.getLineAndCharacterOfPosition(n.getEnd()).line - first + 1;
        const name = 'name' in n && n.name ? n.name.getText(file) : '(anonymous)';
        if (span > maxFunctionLines) out.push(`${m}:${first + 1} ${name} (${span} lines)`);
      }
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  return out;
}
