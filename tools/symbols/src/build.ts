// Builds the P&ID symbol library from the two credited source sets in ../shared/fixtures/symbols:
//   - draw.io P&ID stencils (mxGraph stencil XML, Apache-2.0), converted to SVG here;
//   - Equinor engineering-symbols (SVG, MIT), with their colour made theme-following.
// Writes apps/web/public/symbols/<group-slug>/<name>.svg, the LICENSE texts, the catalogue JSON in
// packages/shared/src/symbols/catalogue.json, the symbols' ports (ports.json: hand entries kept) and
// docs/symbol-credits.md. Re-runnable: the symbols folder is rebuilt from scratch each time.
//
//   npx tsx tools/symbols/src/build.ts [fixturesDir]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import {
  SYMBOL_GROUPS,
  STATIC_PROPERTY_LABELS,
  staticPropertyKind,
  symbolGroupSlug,
  type SymbolGroup,
} from '../../../packages/shared/src/symbols/groups.ts';
import { PENSTOCK_STENCILS } from './drawn/index.ts';
import { drawioSymbol, equinorSymbol } from './groups.ts';
import { parseStencilFile, stencilToSvg } from './stencilToSvg.ts';
import { writePorts } from './ports/writePorts.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const fixturesDir = process.argv[2] ?? join(repoRoot, '..', 'shared', 'fixtures');
const drawioDir = join(fixturesDir, 'symbols', 'drawio_pid_stencils');
const equinorDir = join(fixturesDir, 'symbols', 'equinor_engineering_symbols');
const publicDir = join(repoRoot, 'apps', 'web', 'public', 'symbols');
const cataloguePath = join(repoRoot, 'packages', 'shared', 'src', 'symbols', 'catalogue.json');
const creditsPath = join(repoRoot, 'docs', 'symbol-credits.md');

/** Origin of each source set, as recorded in the fixtures MANIFEST.md. */
const SOURCES = {
  drawio: {
    title: 'draw.io P&ID stencils',
    repository: 'https://github.com/jgraph/drawio',
    commit: '9c959a71542f',
    path: 'src/main/webapp/stencils/pid/*.xml',
    licence: 'Apache-2.0',
    licenceFile: 'drawio-pid-stencils-LICENSE.txt',
  },
  equinor: {
    title: 'Equinor engineering-symbols',
    repository: 'https://github.com/equinor/engineering-symbols',
    commit: 'e86fad89d8e7',
    path: 'package/src/svg/',
    licence: 'MIT',
    licenceFile: 'equinor-engineering-symbols-LICENSE.txt',
  },
  penstock: { title: 'Penstock (drawn for this library)' },
} as const;

type Source = keyof typeof SOURCES;

interface BuiltSymbol {
  group: SymbolGroup;
  category: string;
  svg: string;
  source: Source;
  origin: string;
}

/** File-name slug for a symbol name. */
const nameSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Equinor SVGs are kept as drawn; only the fixed near-black fill and black stroke follow the theme. */
function normaliseEquinorSvg(svg: string): string {
  return svg.replace(/(fill|stroke)="(#231f20|black|#000000|#000)"/gi, '$1="currentColor"');
}

function collect(): BuiltSymbol[] {
  const symbols: BuiltSymbol[] = [];
  for (const file of readdirSync(drawioDir)
    .filter((f) => f.endsWith('.xml'))
    .sort()) {
    const stem = file.replace(/\.xml$/, '');
    for (const shape of parseStencilFile(readFileSync(join(drawioDir, file), 'utf8'))) {
      const { group, category } = drawioSymbol(stem, shape.name);
      symbols.push({
        group,
        category,
        svg: stencilToSvg(shape),
        source: 'drawio',
        origin: `${file}: ${shape.name}`,
      });
    }
  }
  for (const file of readdirSync(equinorDir)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const code = file.replace(/\.svg$/, '');
    const { group, category } = equinorSymbol(code);
    symbols.push({
      group,
      category,
      svg: normaliseEquinorSvg(readFileSync(join(equinorDir, file), 'utf8')),
      source: 'equinor',
      origin: file,
    });
  }
  for (const { group, xml } of PENSTOCK_STENCILS) {
    const shape = parseStencilFile(xml)[0]!;
    symbols.push({ group, category: shape.name, svg: stencilToSvg(shape), source: 'penstock', origin: '-' });
  }
  return symbols;
}

async function main() {
  for (const dir of [drawioDir, equinorDir]) {
    if (!existsSync(dir)) throw new Error(`Symbol source folder not found: ${dir}`);
  }
  const symbols = collect();

  // Same names from different stencil files get a number, so every category is unique. A Penstock
  // drawing must have a name of its own: renaming it would hide a clash made by hand.
  const sourceNames = new Set(
    symbols.filter((s) => s.source !== 'penstock').map((s) => s.category.toLowerCase()),
  );
  const drawnNames = new Set<string>();
  for (const s of symbols.filter((x) => x.source === 'penstock')) {
    const key = s.category.toLowerCase();
    if (sourceNames.has(key) || drawnNames.has(key))
      throw new Error(`Drawn symbol name already used: ${s.category}`);
    drawnNames.add(key);
  }
  const seen = new Map<string, number>();
  for (const s of symbols) {
    const key = s.category.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) s.category = `${s.category} ${n}`;
  }

  // Group order first, then name order inside each group.
  const order = new Map<string, number>(SYMBOL_GROUPS.map((g, i) => [g, i]));
  symbols.sort(
    (a, b) => order.get(a.group)! - order.get(b.group)! || a.category.localeCompare(b.category, 'en'),
  );

  rmSync(publicDir, { recursive: true, force: true });
  const catalogue: Record<string, string>[] = [];
  /** every drawing in one file, by its address: the sketch editor loads a sheet of symbols in one request */
  const bundle: Record<string, string> = {};
  symbols.forEach((s, i) => {
    const groupSlug = symbolGroupSlug(s.group);
    const fileName = `${nameSlug(s.category)}.svg`;
    mkdirSync(join(publicDir, groupSlug), { recursive: true });
    writeFileSync(join(publicDir, groupSlug, fileName), s.svg);
    bundle[`/symbols/${groupSlug}/${fileName}`] = s.svg;
    const entry: Record<string, string> = {
      id: `img${i + 1}`,
      group: s.group,
      category: s.category,
      src: `/symbols/${groupSlug}/${fileName}`,
    };
    const kind = staticPropertyKind(s.group, s.category);
    if (kind) STATIC_PROPERTY_LABELS[kind].forEach((label, j) => (entry[`StaticProps${j + 1}`] = label));
    catalogue.push(entry);
  });

  writeFileSync(join(publicDir, 'bundle.json'), `${JSON.stringify(bundle)}\n`);
  mkdirSync(join(publicDir, 'LICENSES'), { recursive: true });
  writeFileSync(
    join(publicDir, 'LICENSES', SOURCES.drawio.licenceFile),
    readFileSync(join(drawioDir, 'LICENSE')),
  );
  writeFileSync(
    join(publicDir, 'LICENSES', SOURCES.equinor.licenceFile),
    readFileSync(join(equinorDir, 'LICENSE')),
  );

  const json = await format(JSON.stringify(catalogue), {
    parser: 'json',
    singleQuote: true,
    printWidth: 110,
    trailingComma: 'all',
  });
  mkdirSync(dirname(cataloguePath), { recursive: true });
  writeFileSync(cataloguePath, json);

  writeFileSync(creditsPath, credits(symbols));
  // the ports of every symbol (issue 37), worked out from the SVGs just written; hand entries are kept
  await writePorts();
  const empty = SYMBOL_GROUPS.filter((g) => !symbols.some((s) => s.group === g));
  console.log(
    `Wrote ${symbols.length} symbols to ${relative(repoRoot, publicDir)} and ${relative(repoRoot, cataloguePath)}; ` +
      `${empty.length} of ${SYMBOL_GROUPS.length} groups have no drawing yet.`,
  );
}

function credits(symbols: BuiltSymbol[]): string {
  const count = (group: string, source?: Source) =>
    symbols.filter((s) => s.group === group && (!source || s.source === source)).length;
  const empty = SYMBOL_GROUPS.filter((g) => count(g) === 0);
  const lines = [
    '# P&ID symbol library: sources and credits',
    '',
    'Generated by `npx tsx tools/symbols/src/build.ts` (do not edit by hand). The library in',
    '`apps/web/public/symbols/` and its catalogue `packages/shared/src/symbols/catalogue.json` are built from',
    'two public symbol sets, used under their licences, plus symbols drawn for Penstock where the sets have',
    'nothing for a group (water-industry assemblies, presses, safety and sample equipment, status boxes).',
    '',
    '## Sources',
    '',
    '| set | repository | commit | path there | licence | licence text | symbols |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const key of ['drawio', 'equinor'] as const) {
    const s = SOURCES[key];
    lines.push(
      `| ${s.title} | ${s.repository} | ${s.commit} | \`${s.path}\` | ${s.licence} | ` +
        `\`apps/web/public/symbols/LICENSES/${s.licenceFile}\` | ${symbols.filter((x) => x.source === key).length} |`,
    );
  }
  lines.push(
    `| ${SOURCES.penstock.title} | this repository | - | \`tools/symbols/src/drawn/\` | as Penstock | - | ${symbols.filter((x) => x.source === 'penstock').length} |`,
    '',
    'Changes made: the draw.io stencils (mxGraph stencil XML, not SVG) are converted to SVG by',
    '`tools/symbols/src/stencilToSvg.ts` (lines drawn in `currentColor`, unfilled unless the stencil gives a',
    'fill colour, stroke width scaled to the symbol size, text labels kept). The Equinor SVGs are unchanged',
    'except that their fixed black fill and stroke become `currentColor`. Symbol names for the Equinor set are',
    'descriptive where the code is not self-explanatory, and always end with the Equinor code. The Penstock',
    'symbols are written as stencil XML in `tools/symbols/src/drawn/` and go through the same converter, so',
    'they share the line style; colours are used only where they mean something (existing plant greyed',
    'back, safety-sign colours, green scheme status boxes).',
    '',
    '## Symbols per group',
    '',
    '| # | group | symbols | draw.io | Equinor | Penstock |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  SYMBOL_GROUPS.forEach((g, i) =>
    lines.push(
      `| ${i + 1} | ${g} | ${count(g)} | ${count(g, 'drawio')} | ${count(g, 'equinor')} | ${count(g, 'penstock')} |`,
    ),
  );
  const total = (source: Source) => symbols.filter((s) => s.source === source).length;
  lines.push(
    `| | total | ${symbols.length} | ${total('drawio')} | ${total('equinor')} | ${total('penstock')} |`,
    '',
    `## Groups with no drawing yet (${empty.length})`,
    '',
    ...(empty.length > 0
      ? [
          ...empty.map((g) => `- ${g}`),
          '',
          'These groups are listed in the library but empty until drawings are sourced or made for them.',
        ]
      : ['None: every group has at least one symbol.']),
    '',
  );
  return lines.join('\n');
}

await main();
