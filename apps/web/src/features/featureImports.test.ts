import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No feature imports another in a circle (issues 15 and 32): the viewer owns a small interface
 * (features/viewer/extensions.tsx) that the composition root (app/viewerExtensions.ts) fills with the
 * properties panel, issue pins, markup, workflow and project-data tools, the Upload and Automatic
 * Documentation panels. The base (src/base) imports no feature and no app code, and no feature imports
 * app/ (the composition root). These tests read the import statements of every production file of the
 * web app (not tests, test folders or *.fixtures.tsx) and fail when such an import comes back.
 */

const featuresDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(featuresDir);

/** A production file: not a test, not in a test folder, not a test fixture. */
const isProduction = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.fixtures\.tsx?$/.test(name);

/** Every import (static, re-export, side-effect or dynamic) of the production files: from and to, relative to `dir`. */
export function featureImports(dir = featuresDir): { from: string; to: string }[] {
  const imports: { from: string; to: string }[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') visit(file);
      } else if (isProduction(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        const specifiers = text.matchAll(
          /(?:^|\s)(?:import|export)\s[^;]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\s)import\s*'([^']+)'/g,
        );
        for (const match of specifiers) {
          const specifier = match[1] ?? match[2] ?? match[3] ?? '';
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
/** the features whose tools and panels reach the viewer through its extensions */
const toolFeatures = ['workflow', 'projectData', 'upload', 'metaProperties'];

/** The imports of the whole web app (src/), relative to src/: app, base, components and features. */
const srcImports = featureImports(srcDir);
const areaOf = (file: string): string => file.split('/')[0] ?? '';

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

  it('the viewer imports none of the features whose tools it shows (workflow, project data, upload, meta properties)', () => {
    const fromViewer = imports.filter(
      ({ from, to }) => featureOf(from) === 'viewer' && toolFeatures.includes(featureOf(to) ?? ''),
    );
    expect(fromViewer).toEqual([]);
  });

  it('no feature is on an import cycle between features', () => {
    const graph = featureGraph(imports);
    const cycles = [...graph.keys()]
      .map((feature) => ({ feature, through: cycleThrough(graph, feature) }))
      .filter(({ through }) => through.length > 0);
    expect(cycles).toEqual([]);
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

describe('the rooms of the web app', () => {
  it('reads the imports of the whole app (the check has something to check)', () => {
    expect(srcImports).toContainEqual({
      from: 'app/viewerExtensions.ts',
      to: 'features/viewer/extensions.tsx',
    });
    expect(srcImports.some(({ from }) => areaOf(from) === 'base')).toBe(true);
  });

  it('the base (src/base) imports no feature and no app code', () => {
    const fromBase = srcImports.filter(
      ({ from, to }) => areaOf(from) === 'base' && ['features', 'app'].includes(areaOf(to)),
    );
    expect(fromBase).toEqual([]);
  });

  it('no feature imports app/ (the composition root)', () => {
    const intoApp = srcImports.filter(({ from, to }) => areaOf(from) === 'features' && areaOf(to) === 'app');
    expect(intoApp).toEqual([]);
  });

  it('shared components import no feature and no app code', () => {
    const fromComponents = srcImports.filter(
      ({ from, to }) => areaOf(from) === 'components' && ['features', 'app'].includes(areaOf(to)),
    );
    expect(fromComponents).toEqual([]);
  });
});
