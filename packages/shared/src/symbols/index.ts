// The P&ID symbol library catalogue (spec 2, §3 "Symbol catalogue entry"): the 26 groups, the entry
// schema, the typed catalogue built by tools/symbols, and the library's search.
import { z } from 'zod';
import catalogueJson from './catalogue.json' with { type: 'json' };
import { SYMBOL_GROUPS, type SymbolGroup } from './groups.ts';

export * from './groups.ts';
export * from './ports.ts';

const staticProp = z.string().min(1).optional();

/** One symbol: id img1…imgN, its group, its name (category), image path and up to seven property labels. */
export const symbolCatalogueEntrySchema = z.strictObject({
  id: z.string().regex(/^img[1-9][0-9]*$/),
  group: z.enum(SYMBOL_GROUPS),
  category: z.string().min(1),
  src: z.string().regex(/^\/symbols\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/),
  StaticProps1: staticProp,
  StaticProps2: staticProp,
  StaticProps3: staticProp,
  StaticProps4: staticProp,
  StaticProps5: staticProp,
  StaticProps6: staticProp,
  StaticProps7: staticProp,
});

export type SymbolCatalogueEntry = z.infer<typeof symbolCatalogueEntrySchema>;

/** The built catalogue, in group order (validated once on load). */
export const SYMBOL_CATALOGUE: readonly SymbolCatalogueEntry[] = z
  .array(symbolCatalogueEntrySchema)
  .parse(catalogueJson);

/** The static property labels of an entry, StaticProps1 first, without gaps. */
export function symbolStaticProps(entry: SymbolCatalogueEntry): string[] {
  const labels: string[] = [];
  for (const key of [
    'StaticProps1',
    'StaticProps2',
    'StaticProps3',
    'StaticProps4',
    'StaticProps5',
    'StaticProps6',
    'StaticProps7',
  ] as const) {
    const label = entry[key];
    if (label) labels.push(label);
  }
  return labels;
}

export interface SymbolGroupMatches {
  group: SymbolGroup;
  symbols: SymbolCatalogueEntry[];
}

/**
 * Search the library: a case-insensitive substring match on the symbol name, grouped in library order;
 * groups without a match are left out. Empty or blank text returns every group that has symbols.
 */
export function searchSymbols(
  catalogue: readonly SymbolCatalogueEntry[],
  text: string,
): SymbolGroupMatches[] {
  const needle = text.trim().toLocaleLowerCase('en');
  const result: SymbolGroupMatches[] = [];
  for (const group of SYMBOL_GROUPS) {
    const symbols = catalogue.filter(
      (entry) => entry.group === group && entry.category.toLocaleLowerCase('en').includes(needle),
    );
    if (symbols.length > 0) result.push({ group, symbols });
  }
  return result;
}
