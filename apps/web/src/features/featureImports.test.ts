import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The viewer and the features it shows (properties, issues, markups) must not import each other in a
 * circle (issue 15): the viewer owns a small interface (features/viewer/extensions.tsx) that the
 * composition root (app/viewerExtensions.ts) fills. These tests read the import statements
 * of every production file under features/ and fail when such an import comes back.
 */

const featuresDir = path.dirname(fileURLToPath(import.meta.url));

/** Every import (static, re-export or dynamic) of the production files: from and to, relative to features/. */
export function featureImports(dir = featuresDir): { from: string; to: string }[] {
  const imports: { from: string; to: string }[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
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
            to: target.split(path.sep).join('/'),
          });
        }
      }
    }
  };
  visit(dir);
  return imports;
}

const featureOf = (file: string): string | null =>
  file.startsWith('..') || !file.includes('/') ? null : (file.split('/')[0] ?? null);

/** The features one feature imports, for every feature. */
function featureGraph(imports: readonly { from: string; to: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const source = featureOf(from);
    const target = featureOf(to);
    if (!source || !target || source === target) continue;
    if (!graph.has(source)) graph.set(source, new Set());
    graph.get(source)?.add(target);
  }
  return graph;
}

/** The features from which `start` can be reached again: its cycle (empty when it is on none). */
function cycleThrough(graph: Map<string, Set<string>>, start: string): string[] {
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const queue = [from];
    while (queue.length) {
      const next = queue.shift() as string;
      if (next === to) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(graph.get(next) ?? []));
    }
    return false;
  };
  return [...(graph.get(start) ?? [])].filter((feature) => reaches(feature, start));
}

const imports = featureImports();
const shownFeatures = ['properties', 'issues', 'markups'];

describe('the viewer and the features it shows', () => {
  it('reads the imports of the feature files (the check has something to check)', () => {
    expect(imports).toContainEqual({
      from: 'viewer/components/ModelView.tsx',
      to: 'viewer/extensions.tsx',
    });
    expect(featureGraph(imports).get('workspace')).toContain('viewer');
  });

  it('the viewer imports none of properties, issues and markups', () => {
    const fromViewer = imports.filter(
      ({ from, to }) =>
        featureOf(from) === 'viewer' &&
        shownFeatures.includes(featureOf(to) ?? '') &&
        // the tab's property data (hooks/usePropertyValues.ts) uses the property-value calls one way:
        // properties imports nothing of the viewer, so this is no circle
        !(from === 'viewer/hooks/usePropertyValues.ts' && to === 'properties/api.ts'),
    );
    expect(fromViewer).toEqual([]);
  });

  it('properties, issues and markups import nothing of the viewer', () => {
    const intoViewer = imports.filter(
      ({ from, to }) => shownFeatures.includes(featureOf(from) ?? '') && featureOf(to) === 'viewer',
    );
    expect(intoViewer).toEqual([]);
  });

  it.each(shownFeatures)('%s is on no import cycle between features', (feature) => {
    expect(cycleThrough(featureGraph(imports), feature)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = featureGraph([
      { from: 'viewer/components/ModelView.tsx', to: 'markups/useMarkupTools.tsx' },
      { from: 'markups/useMarkupTools.tsx', to: 'models/hooks/useModelInfo.ts' },
      { from: 'models/hooks/useModelInfo.ts', to: 'viewer/api.ts' },
    ]);
    expect(cycleThrough(graph, 'markups')).toEqual(['models']);
    expect(cycleThrough(graph, 'viewer')).toEqual(['markups']);
  });
});
