import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/*
 * No import circles in the packages' sources (issue 31): a module on a circle cannot be understood,
 * loaded or tested without the others, and the order they run in decides what they see. Every
 * relative import, type-only ones too (a type cycle is a design cycle), of every source file under
 * packages/<name>/src, tests aside.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source file (not a test) under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is x.ts or x.tsx, a folder its index. */
function target(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => existsSync(p));
}

/** The relative imports of a file: import and export ... from, side-effect imports, import(). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]*)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"](\.[^'"]*)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]*)['"]\s*\)/g),
  ].map((m) => m[1] ?? '');
  return specifiers.flatMap((s) => target(file, s) ?? []);
}

/** The circles of the graph: its strongly connected components of more than one file (Tarjan). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
        onStack.delete(w);
        component.push(w);
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

it('finds no import circle in packages/*/src', () => {
  const packages = readdirSync(join(root, 'packages')).filter((p) => existsSync(join(root, 'packages', p, 'src')));
  const files = packages.flatMap((p) => sources(join(root, 'packages', p, 'src')));
  const graph = new Map(files.map((f) => [relative(root, f), importsOf(f).map((t) => relative(root, t))]));
  expect(graph.size).toBeGreaterThan(100);
  const found = circles(graph);
  expect(found.map((c) => c.join(' <-> '))).toEqual([]);
});

it('sees a circle, type imports included', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  expect(
    importsOf(fileURLToPath(new URL('../../core/src/extreme.ts', import.meta.url))).map((f) => relative(root, f)),
  ).toContain('packages/core/src/piece-shape.ts');
});
