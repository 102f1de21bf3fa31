/**
 * The colours of the model: one IFC surface style per entry, shared by every solid of that kind.
 * Pipes take the BS 1710 basic identification colour of their fluid (BS 4800 references; the sRGB values
 * are screen approximations of the paint colours). Everything else is coloured by what it is, with the
 * nearest RAL Classic colour named for reference.
 */

export interface PaletteEntry {
  readonly name: string;
  /** BS 4800 (pipe identification) or RAL Classic reference of the colour. */
  readonly reference: string;
  /** sRGB, 0-255. */
  readonly rgb: readonly [number, number, number];
}

/** BS 1710 basic identification colours, BS 4800 references. Oils, steam and fire are not used by the plant. */
export const BS1710 = {
  water: { name: 'Water (green)', reference: 'BS 4800 12 D 45', rgb: [87, 112, 62] },
  otherFluids: {
    name: 'Drainage, sewage and sludge (black)',
    reference: 'BS 4800 00 E 53',
    rgb: [34, 34, 36],
  },
  air: { name: 'Air (light blue)', reference: 'BS 4800 20 E 51', rgb: [104, 152, 204] },
  acidsAlkalis: { name: 'Acids and alkalis (violet)', reference: 'BS 4800 22 C 37', rgb: [112, 86, 140] },
  gases: { name: 'Gases (yellow ochre)', reference: 'BS 4800 08 C 35', rgb: [196, 146, 68] },
  oils: { name: 'Oils (brown)', reference: 'BS 4800 06 C 39', rgb: [114, 80, 59] },
  steam: { name: 'Steam (silver grey)', reference: 'BS 4800 10 A 03', rgb: [198, 196, 186] },
  fire: { name: 'Fire extinguishing (red)', reference: 'BS 4800 04 E 53', rgb: [178, 40, 40] },
} as const satisfies Record<string, PaletteEntry>;

/** Element kinds. */
export const KIND_COLOURS = {
  concrete: { name: 'Concrete structures', reference: 'RAL 7044 silk grey', rgb: [196, 192, 182] },
  hardstanding: {
    name: 'Base slabs and hardstanding',
    reference: 'RAL 7030 stone grey',
    rgb: [150, 148, 140],
  },
  road: { name: 'Roads (asphalt)', reference: 'RAL 7024 graphite grey', rgb: [72, 76, 80] },
  sewage: { name: 'Sewage and mixed liquor surface', reference: 'RAL 8000 green brown', rgb: [122, 104, 62] },
  effluent: { name: 'Clarified water surface', reference: 'RAL 5021 water blue', rgb: [46, 108, 118] },
  sludge: { name: 'Digester and sludge vessels', reference: 'RAL 6003 olive green', rgb: [88, 96, 70] },
  machinery: {
    name: 'Pumps, blowers, compressors, mixers',
    reference: 'RAL 5010 gentian blue',
    rgb: [24, 78, 140],
  },
  motor: { name: 'Electric motors', reference: 'RAL 7001 silver grey', rgb: [136, 146, 150] },
  valve: { name: 'Valves and penstocks', reference: 'RAL 1003 signal yellow', rgb: [236, 170, 18] },
  instrument: { name: 'Instruments', reference: 'RAL 9016 traffic white', rgb: [238, 238, 232] },
  kiosk: { name: 'Control kiosks and panels', reference: 'RAL 6005 moss green', rgb: [48, 88, 66] },
  roof: { name: 'Roofs and covers', reference: 'RAL 7016 anthracite grey', rgb: [58, 64, 70] },
  steel: { name: 'Galvanised steelwork', reference: 'RAL 9006 white aluminium', rgb: [166, 170, 172] },
  grp: { name: 'GRP chemical tanks', reference: 'RAL 9001 cream', rgb: [228, 222, 204] },
  brick: { name: 'Brick buildings', reference: 'RAL 8004 copper brown', rgb: [142, 74, 54] },
} as const satisfies Record<string, PaletteEntry>;

const PIPES = {
  'pipe:water': BS1710.water,
  'pipe:other': BS1710.otherFluids,
  'pipe:air': BS1710.air,
  'pipe:chemical': BS1710.acidsAlkalis,
  'pipe:gas': BS1710.gases,
} as const;

export const PALETTE: Readonly<Record<StyleKey, PaletteEntry>> = { ...KIND_COLOURS, ...PIPES };

export type PipeStyle = keyof typeof PIPES;
export type StyleKey = keyof typeof KIND_COLOURS | PipeStyle;

/** The BS 1710 colour of each fluid code the plant uses. */
export const FLUID_PIPE_STYLE: Readonly<Record<string, PipeStyle>> = {
  WW: 'pipe:other', // wastewater (drainage): black
  PS: 'pipe:other', // primary sludge: black
  RAS: 'pipe:other', // return activated sludge: black
  SAS: 'pipe:other', // surplus activated sludge: black
  FE: 'pipe:water', // final effluent: green
  PW: 'pipe:water', // potable water: green
  AIR: 'pipe:air', // process air: light blue
  NaOCl: 'pipe:chemical', // sodium hypochlorite (alkali): violet
  FeCl3: 'pipe:chemical', // ferric chloride (acid): violet
  DG: 'pipe:gas', // digester gas: yellow ochre
};

export function pipeStyle(fluid: string): PipeStyle {
  const style = FLUID_PIPE_STYLE[fluid];
  if (!style) throw new Error(`no pipe colour for fluid code ${fluid}`);
  return style;
}
