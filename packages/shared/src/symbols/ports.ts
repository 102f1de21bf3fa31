// The connection points (ports, nozzles) of the library's symbols (issue 37 §1). They are data, kept in
// ports.json beside the catalogue: tools/symbols works them out from each drawing (the Equinor symbols carry
// their own connectors) and keeps every entry marked 'hand' as it is, so a port can be corrected by editing
// the file. A port is a point of the symbol's picture, as fractions of its width and height, with the side
// a line leaves it by.
import { z } from 'zod';
import portsJson from './ports.json' with { type: 'json' };

/** The side a line leaves a port by, in the symbol's own (unrotated) drawing. */
export const PORT_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type PortDirection = (typeof PORT_DIRECTIONS)[number];

const fraction = z.number().finite().min(0).max(1);

export const SymbolPortSchema = z.strictObject({
  /** 'W', 'E', 'N', 'S' (the side), with a number when a side has several ('N2') */
  id: z.string().regex(/^[A-Za-z0-9]{1,20}$/),
  x: fraction,
  y: fraction,
  dir: z.enum(PORT_DIRECTIONS),
});
export type SymbolPort = z.infer<typeof SymbolPortSchema>;

/** Where an entry's ports came from: worked out from the drawing, the source's connectors, or set by hand. */
export const PORT_SOURCES = ['drawing', 'connectors', 'hand'] as const;

export const SymbolPortsFileSchema = z.strictObject({
  version: z.literal(1),
  symbols: z.record(
    z.string().regex(/^\/symbols\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/),
    z.strictObject({
      source: z.enum(PORT_SOURCES),
      ports: z.array(SymbolPortSchema).max(24),
    }),
  ),
});
export type SymbolPortsFile = z.infer<typeof SymbolPortsFileSchema>;

/** The shipped ports, validated once on load. */
export const SYMBOL_PORTS: SymbolPortsFile = SymbolPortsFileSchema.parse(portsJson);

/** A symbol's ports by its src ('/symbols/valves/gate-valve.svg'); none for a symbol the file does not list. */
export function symbolPorts(src: string): readonly SymbolPort[] {
  return SYMBOL_PORTS.symbols[src]?.ports ?? [];
}
