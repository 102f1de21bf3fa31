// Writes packages/shared/src/symbols/ports.json: every catalogue symbol's ports, worked out from its SVG
// (derive.ts), except entries marked "source": "hand", which are kept as they are (corrections by eye after
// looking at the contact sheet: npx tsx tools/symbols/src/ports/contactSheet.ts). Run by the library build,
// or alone:
//
//   npx tsx tools/symbols/src/ports/writePorts.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { pidRole } from '../../../../packages/shared/src/sketch/pid/classes.ts';
import {
  SymbolPortsFileSchema,
  type SymbolPortsFile,
} from '../../../../packages/shared/src/symbols/ports.ts';
import { derivePorts } from './derive.ts';
import { symbolOutline } from './outline.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const PORTS_PATH = join(repoRoot, 'packages', 'shared', 'src', 'symbols', 'ports.json');
const CATALOGUE_PATH = join(repoRoot, 'packages', 'shared', 'src', 'symbols', 'catalogue.json');
const PUBLIC_DIR = join(repoRoot, 'apps', 'web', 'public');

interface Entry {
  group: string;
  category: string;
  src: string;
}

/** The ports file for a catalogue: hand entries of `previous` kept, the rest worked out from the SVGs. */
export function buildPorts(
  catalogue: readonly Entry[],
  svgOf: (src: string) => string,
  previous: SymbolPortsFile | null,
): SymbolPortsFile {
  const symbols: SymbolPortsFile['symbols'] = {};
  for (const entry of catalogue) {
    const kept = previous?.symbols[entry.src];
    if (kept?.source === 'hand') {
      symbols[entry.src] = kept;
      continue;
    }
    const outline = symbolOutline(svgOf(entry.src));
    symbols[entry.src] = {
      source: outline.connectors.length > 0 ? 'connectors' : 'drawing',
      ports: derivePorts(outline, pidRole(entry.group), entry.group),
    };
  }
  return { version: 1, symbols };
}

export async function writePorts(): Promise<number> {
  const catalogue = JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as Entry[];
  const previous = existsSync(PORTS_PATH)
    ? SymbolPortsFileSchema.parse(JSON.parse(readFileSync(PORTS_PATH, 'utf8')))
    : null;
  const file = buildPorts(catalogue, (src) => readFileSync(join(PUBLIC_DIR, src), 'utf8'), previous);
  const json = await format(JSON.stringify(file), { parser: 'json', printWidth: 110 });
  writeFileSync(PORTS_PATH, json);
  return Object.keys(file.symbols).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = await writePorts();
  console.log(`Wrote the ports of ${count} symbols to ${PORTS_PATH}`);
}
