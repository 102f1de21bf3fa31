// Page connectors and demarcations, water network (WNI) and wastewater network (WRNI) assemblies, and
// the P Scheme green status boxes, drawn for Penstock. Chambers are drawn dashed round the fittings they
// house; mains run through them.
import {
  arrowHead,
  circle,
  coloured,
  dashed,
  filled,
  line,
  outline,
  path,
  rect,
  roundrect,
  symbol,
  text,
  valveH,
  valveV,
  weight,
  type DrawnSymbol,
} from './stencil.ts';

const connector = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Page Connectors & Demarcations', name, w, h, ...body);
const wni = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('WNI Assemblies', name, w, h, ...body);
const wrni = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('WRNI Assemblies', name, w, h, ...body);

const chamber = (x: number, y: number, w: number, h: number) => dashed('5 3', outline(rect(x, y, w, h)));

export const PAGE_CONNECTORS: DrawnSymbol[] = [
  connector(
    'Off-Page Connector (From)',
    100,
    30,
    outline(path('M2 5 H40 L52 15 L40 25 H2 Z')),
    line('M52 15 H100'),
  ),
  connector(
    'Off-Page Connector (To)',
    100,
    30,
    line('M0 15 H48'),
    outline(path('M48 5 H86 L98 15 L86 25 H48 Z')),
  ),
  connector('Continuation Arrow', 100, 20, line('M0 10 H88'), arrowHead(98, 10, 0, 12, 6)),
  connector(
    'Battery Limit',
    40,
    100,
    text('BL', 20, 2, { valign: 'top', size: 11 }),
    line('M10 16 H30'),
    weight(1.4, dashed('10 3 2 3', line('M20 16 V100'))),
  ),
  connector('Scope Boundary', 100, 10, weight(1.4, dashed('12 3 3 3', line('M0 5 H100')))),
  connector('Contract Boundary', 100, 10, weight(1.4, dashed('12 3 2 3 2 3', line('M0 5 H100')))),
  connector('Package Boundary', 100, 70, dashed('6 3', outline(roundrect(3, 3, 94, 64, 8)))),
  connector(
    'Tie-In Point',
    40,
    40,
    outline(path('M20 2 L38 20 L20 38 L2 20 Z')),
    text('TP', 20, 20.5, { size: 11 }),
  ),
  connector(
    'Interface Point',
    44,
    40,
    outline(path('M11 2 H33 L42 20 L33 38 H11 L2 20 Z')),
    text('IP', 22, 20.5, { size: 11 }),
  ),
  connector('Break Line', 100, 40, line('M0 20 H40 L45 6 L55 34 L60 20 H100')),
  connector('Match Line', 100, 24, weight(2, line('M0 18 H100')), text('MATCH LINE', 50, 9, { size: 8 })),
];

export const WNI_ASSEMBLIES: DrawnSymbol[] = [
  wni(
    'Meter Assembly',
    120,
    60,
    chamber(14, 14, 92, 42),
    line('M0 36 H24 M36 36 H50 M70 36 H84 M96 36 H120'),
    valveH(30, 36),
    valveH(90, 36),
    outline(circle(60, 36, 10)),
    text('M', 60, 36.5, { size: 11 }),
  ),
  wni(
    'PRV Assembly',
    120,
    70,
    chamber(8, 14, 104, 50),
    line('M0 46 H14 M26 46 H36 M48 46 H62 M74 46 H92 M104 46 H120 M68 46 V30'),
    valveH(20, 46),
    outline(rect(36, 40, 12, 12)),
    dashed('2 2', line('M36 52 L48 40')),
    valveH(68, 46),
    outline(path('M60 30 A8 8 0 0 1 76 30 Z')),
    dashed('3 2', line('M76 26 H84 V46')),
    valveH(98, 46),
  ),
  wni(
    'Air Valve Assembly',
    120,
    70,
    chamber(34, 8, 52, 56),
    line('M0 56 H120 M60 56 V46 M60 34 V30 M60 14 V8'),
    valveV(60, 40),
    outline(rect(50, 14, 20, 16)),
    filled(circle(60, 22, 4)),
    arrowHead(60, 1, -90, 6, 3),
  ),
  wni(
    'Washout Assembly',
    120,
    70,
    chamber(26, 20, 28, 26),
    line('M0 14 H120 M40 14 V26 M40 38 V50 H102'),
    valveV(40, 32),
    arrowHead(110, 50, 0, 8, 4),
    line('M92 62 Q98 58 104 62 Q110 66 116 62'),
  ),
  wni(
    'Hydrant Assembly',
    120,
    70,
    chamber(42, 2, 36, 54),
    line('M0 60 H120 M60 60 V50 M60 38 V26'),
    valveV(60, 44),
    outline(circle(60, 16, 10)),
    text('H', 60, 16.5, { size: 12 }),
  ),
  wni(
    'Boundary Box',
    100,
    50,
    outline(rect(14, 6, 72, 38)),
    line('M0 25 H24 M36 25 H56 M72 25 H100'),
    valveH(30, 25),
    outline(circle(64, 25, 8)),
    text('M', 64, 25.5, { size: 9 }),
  ),
  wni(
    'Sluice Valve Chamber',
    100,
    70,
    outline(rect(14, 16, 72, 48), rect(44, 4, 12, 6)),
    line('M0 48 H44 M56 48 H100 M50 48 V10'),
    valveH(50, 48),
  ),
];

export const WRNI_ASSEMBLIES: DrawnSymbol[] = [
  wrni(
    'CSO Chamber',
    120,
    70,
    outline(rect(14, 6, 80, 50)),
    line('M0 36 H14 M36 56 V62 M94 46 H110'),
    weight(1.6, line('M60 56 V26')),
    dashed('4 2', line('M14 30 H60')),
    arrowHead(36, 69, 90, 7, 3.5),
    arrowHead(118, 46, 0, 8, 4),
    text('CSO', 37, 15, { size: 10 }),
  ),
  wrni('Manhole', 60, 60, outline(rect(5, 5, 50, 50), circle(30, 30, 18)), line('M0 30 H12 M48 30 H60')),
  wrni(
    'Wet Well Pump Station',
    100,
    90,
    outline(rect(10, 12, 80, 74), circle(36, 72, 8), circle(64, 72, 8)),
    line('M0 30 H10 M36 64 V4 M64 64 V4 M36 4 H100'),
    dashed('4 2', line('M10 40 H90')),
    outline(path('M74 34 H82 L78 40 Z')),
  ),
  wrni(
    'Storm Tank',
    120,
    60,
    outline(rect(20, 12, 90, 42), circle(98, 46, 6)),
    line('M0 22 H20 M98 40 V4 H8'),
    dashed('4 2', line('M20 30 H110')),
    arrowHead(2, 4, 180, 6, 3),
    text('STORM TANK', 56, 43, { size: 8 }),
  ),
  wrni(
    'Flap Valve Outfall',
    100,
    60,
    line('M0 30 H60'),
    filled(rect(60, 8, 6, 44)),
    weight(1.6, line('M66 24 L72 40')),
    filled(circle(66, 24, 1.5)),
    line('M74 46 Q79 42 84 46 Q89 50 94 46 M78 54 Q83 50 88 54 Q93 58 98 54'),
  ),
  wrni(
    'Vortex Flow Control',
    100,
    70,
    outline(rect(10, 4, 80, 62)),
    line('M0 20 H10 M90 50 H100'),
    line('M50 35 A4 4 0 0 1 58 35 A8 8 0 0 1 42 35 A12 12 0 0 1 66 35 A16 16 0 0 1 34 35'),
  ),
  wrni(
    'Emergency Overflow',
    100,
    50,
    line('M0 38 H40 M58 44 H92'),
    weight(1.6, line('M40 48 V24')),
    line('M30 16 Q44 6 52 22'),
    arrowHead(54.7, 27.4, 63.4, 6, 3),
    arrowHead(100, 44, 0, 8, 4),
    text('EO', 78, 30, { size: 12 }),
  ),
];

/** Scheme status boxes: green outlined boxes with the status in capitals. */
const GREEN = '#198754';
const greenBox = (label: string): DrawnSymbol =>
  symbol(
    'P Scheme Green Boxes',
    `Green Box - ${label}`,
    200,
    40,
    coloured(
      GREEN,
      weight(0.8, outline(rect(2, 2, 196, 36))),
      text(label.toUpperCase(), 100, 20.5, { size: 14 }),
    ),
  );

export const GREEN_BOXES: DrawnSymbol[] = [
  'New',
  'Existing',
  'Existing to be Modified',
  'Existing to be Removed',
  'Temporary',
  'By Others',
  'Future',
].map(greenBox);
