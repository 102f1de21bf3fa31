import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each server module has a small public API in its index.ts (issue 32 §3): another module imports that
 * file only, never its repositories, services or helpers, and no two modules import each other in a
 * circle. These tests read the import statements of every production file under modules/ and fail when
 * either comes back.
 */

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

export interface ModuleImport {
  /** the importing file, relative to modules/ */
  from: string;
  /** the imported file, relative to modules/, without its extension */
  to: string;
}

/** Every relative import (static, re-export or dynamic) of the production files under `dir`. */
export function moduleImports(dir = modulesDir): ModuleImport[] {
  const imports: ModuleImport[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        const specifiers = text.matchAll(
          /(?:^|\s)(?:import|export)\s[^;]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g,
        );
        for (const match of specifiers) {
          const specifier = match[1] ?? match[2] ?? '';
          if (!specifier.startsWith('.')) continue;
          const target = path.relative(dir, path.resolve(path.dirname(file), specifier));
          imports.push({
            from: path.relative(dir, file).split(path.sep).join('/'),
            to: target.split(path.sep).join('/').replace(/\.ts$/, ''),
          });
        }
      }
    }
  };
  visit(dir);
  return imports;
}

/** The module a file belongs to (its first folder under modules/), or null outside a module. */
const moduleOf = (file: string): string | null =>
  file.startsWith('..') || !file.includes('/') ? null : (file.split('/')[0] ?? null);

/** Imports of another module's file other than its index.ts. */
export function throughIndexOnly(imports: readonly ModuleImport[]): string[] {
  return imports
    .filter(({ from, to }) => {
      const source = moduleOf(from);
      const target = moduleOf(to);
      return source && target && source !== target && to !== `${target}/index`;
    })
    .map(({ from, to }) => `${from} -> ${to}.ts`);
}

/** The modules one module imports, for every module. */
function moduleGraph(imports: readonly ModuleImport[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const source = moduleOf(from);
    const target = moduleOf(to);
    if (!source || !target || source === target) continue;
    if (!graph.has(source)) graph.set(source, new Set());
    graph.get(source)?.add(target);
  }
  return graph;
}

/** Each cycle between modules, as the path from a module back to itself (one per module on a cycle). */
export function moduleCycles(imports: readonly ModuleImport[]): string[] {
  const graph = moduleGraph(imports);
  const cycles: string[] = [];
  for (const start of graph.keys()) {
    // breadth first from start: the shortest way back to it, if there is one
    const previous = new Map<string, string>();
    const queue = [...(graph.get(start) ?? [])];
    for (const next of queue) previous.set(next, start);
    while (queue.length) {
      const current = queue.shift()!;
      if (current === start) break;
      for (const next of graph.get(current) ?? [])
        if (!previous.has(next)) {
          previous.set(next, current);
          queue.push(next);
        }
    }
    if (!previous.has(start)) continue;
    const way = [start];
    for (let at = previous.get(start)!; at !== start; at = previous.get(at)!) way.unshift(at);
    cycles.push([start, ...way].join(' -> '));
  }
  return cycles;
}

describe('server module imports', () => {
  const imports = moduleImports();

  it('finds the imports it checks', () => {
    expect(imports.some(({ to }) => to === 'documents/index')).toBe(true);
    expect(imports.some(({ to }) => to === 'projects/index')).toBe(true);
  });

  it('reaches another module only through its index.ts', () => {
    expect(throughIndexOnly(imports)).toEqual([]);
  });

  it('has no cycle between modules', () => {
    expect(moduleCycles(imports)).toEqual([]);
  });

  it('catches a deep import and a cycle', () => {
    const made = [
      { from: 'a/a.service.ts', to: 'b/b.repo' },
      { from: 'b/b.service.ts', to: 'a/index' },
    ];
    expect(throughIndexOnly(made)).toEqual(['a/a.service.ts -> b/b.repo.ts']);
    expect(moduleCycles(made)).toEqual(['a -> b -> a', 'b -> a -> b']);
  });
});
