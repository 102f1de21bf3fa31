// Motors and drives, aerators and valve operators drawn for Penstock. Valve operators are drawn standing on
// a stem that ends at the bottom centre, where the valve body sits.
import {
  arrowHead,
  bubbles,
  circle,
  dashed,
  ellipse,
  filled,
  line,
  outline,
  path,
  rect,
  symbol,
  text,
  weight,
  type DrawnSymbol,
} from './stencil.ts';

const drive = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Motors/Drives', name, w, h, ...body);
const aerator = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Aerators', name, w, h, ...body);
const operator = (name: string, ...body: string[]) => symbol('Valve Operators', name, 40, 60, ...body);

export const MOTORS_DRIVES: DrawnSymbol[] = [
  drive('Electric Motor', 60, 60, outline(circle(30, 30, 26)), text('M', 30, 31, { size: 26 })),
  drive(
    'Variable Speed Motor',
    60,
    60,
    outline(circle(30, 30, 24)),
    text('M', 30, 31, { size: 24 }),
    line('M4 56 L52 8'),
    arrowHead(57, 3, -45),
  ),
  // IEC 60617 frequency converter: AC in, AC out at another frequency.
  drive(
    'Variable Speed Drive (VSD)',
    60,
    60,
    outline(rect(4, 4, 52, 52)),
    line('M4 56 L56 4 M10 20 Q14 10 18 20 Q22 30 26 20 M34 42 Q38 32 42 42 Q46 52 50 42'),
  ),
  drive(
    'Gearbox',
    80,
    50,
    outline(rect(15, 5, 50, 40), circle(32, 19, 12), circle(51, 31, 10)),
    line('M0 19 H15 M65 31 H80'),
  ),
  drive(
    'Belt Drive',
    90,
    60,
    outline(circle(20, 30, 14), circle(72, 30, 8)),
    filled([circle(20, 30, 2), circle(72, 30, 1.5)]),
    line('M18.4 16.1 L71.1 22.05 M18.4 43.9 L71.1 37.95'),
  ),
  drive(
    'Diesel Engine',
    85,
    50,
    outline(rect(5, 5, 70, 40)),
    text('DE', 40, 25.5, { size: 18 }),
    line('M75 25 H85'),
  ),
  // ISO 1219: a motor's triangle points inwards (a pump's points out).
  drive(
    'Hydraulic Motor',
    66,
    60,
    outline(circle(30, 30, 24)),
    filled(path('M23 9.5 H37 L30 20 Z')),
    line('M54 30 H66'),
  ),
];

const brushRotor = (): string => {
  const bristles: string[] = [];
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    bristles.push(`M${50 + 10 * c} ${36 + 10 * s} L${50 + 16 * c} ${36 + 16 * s}`);
  }
  return line(bristles.join(' '));
};

const finePlume = (cx: number, base: number): [number, number][] => [
  [cx - 3, base - 6],
  [cx + 2, base - 11],
  [cx - 1, base - 17],
  [cx + 3, base - 23],
];

export const AERATORS: DrawnSymbol[] = [
  aerator(
    'Surface Aerator',
    100,
    80,
    outline(rect(40, 0, 20, 14)),
    text('M', 50, 7.5, { size: 10 }),
    line('M50 14 V32 M2 22 V78 H98 V22'),
    outline(path('M36 32 H64 L56 42 H44 Z')),
    dashed('4 2', line('M2 38 H38 M62 38 H98')),
    line('M36 32 Q24 24 16 34 M64 32 Q76 24 84 34'),
  ),
  aerator(
    'Fine Bubble Diffuser Grid',
    100,
    60,
    line('M6 0 V50 H96 M96 46 V54'),
    outline(...[20, 40, 60, 80].map((cx) => ellipse(cx - 7, 45, 14, 4))),
    bubbles(
      1.2,
      [20, 40, 60, 80].flatMap((cx) => finePlume(cx, 45)),
    ),
  ),
  aerator(
    'Coarse Bubble Diffuser',
    100,
    60,
    line('M6 0 V50 H96 M96 46 V54 M30 50 V44 M26 44 H34 M60 50 V44 M56 44 H64'),
    bubbles(3.5, [
      [30, 36],
      [27, 25],
      [32, 14],
      [60, 36],
      [63, 25],
      [58, 14],
    ]),
  ),
  aerator(
    'Jet Aerator',
    100,
    60,
    line('M0 36 H40 M47 0 V28'),
    outline(rect(40, 28, 14, 16), path('M54 30 L68 33 V39 L54 42')),
    line('M70 36 H90'),
    arrowHead(98, 36, 0, 8, 4),
    bubbles(1.5, [
      [76, 29],
      [84, 43],
      [91, 28],
      [80, 45],
    ]),
  ),
  aerator(
    'Blower-Fed Diffuser',
    100,
    70,
    outline(circle(16, 16, 12)),
    line('M7.5 7.5 L27.5 12.5 M7.5 24.5 L27.5 19.5 M28 16 H50 V62 H96 M96 58 V66'),
    outline(ellipse(55, 57, 14, 4), ellipse(75, 57, 14, 4)),
    bubbles(1.2, [...finePlume(62, 57), ...finePlume(82, 57)]),
  ),
  aerator(
    'Brush Rotor Aerator',
    100,
    60,
    outline(circle(50, 36, 10)),
    brushRotor(),
    dashed('4 2', line('M0 40 H32 M68 40 H100')),
    line('M36 14 A20 20 0 0 1 64 14'),
    arrowHead(66, 16, 45, 5, 2.5),
  ),
];

const STEM = (top: number) => line(`M20 ${top} V60`);
const HANDWHEEL = 'M4 18 H36 M4 14 V22 M36 14 V22';

export const VALVE_OPERATORS: DrawnSymbol[] = [
  operator('Hand Wheel', line(HANDWHEEL), STEM(18)),
  operator(
    'Chain Wheel',
    line(HANDWHEEL),
    STEM(18),
    dashed('1.5 1.5', line('M36 22 V48 A3 3 0 0 1 30 48 V22')),
  ),
  operator('Electric Actuator', outline(rect(6, 6, 28, 22)), text('M', 20, 17.5, { size: 14 }), STEM(28)),
  operator(
    'Pneumatic Diaphragm Actuator (Spring Return)',
    outline(path('M4 22 A16 16 0 0 1 36 22 Z')),
    line('M20 22 V25 L25 28 L15 32 L25 36 L15 40 L20 43 V60'),
  ),
  operator(
    'Pneumatic Piston Actuator',
    outline(rect(8, 4, 24, 26)),
    weight(1.6, line('M8 17 H32')),
    line('M8 9 H2'),
    STEM(17),
  ),
  operator('Solenoid Actuator', outline(rect(8, 6, 24, 20)), text('S', 20, 16.5, { size: 13 }), STEM(26)),
  operator(
    'Hydraulic Actuator',
    outline(rect(8, 2, 24, 28)),
    weight(1.6, line('M8 20 H32')),
    text('H', 20, 11, { size: 10 }),
    STEM(20),
  ),
  operator(
    'Gearbox Operator',
    line('M4 10 H36 M4 6 V14 M36 6 V14 M20 10 V22'),
    outline(rect(10, 22, 20, 16)),
    text('G', 20, 30.5, { size: 11 }),
    STEM(38),
  ),
  operator(
    'Extension Spindle',
    outline(rect(14, 2, 12, 8)),
    line('M20 10 V29 M20 37 V60 M13 32 L27 27 M13 39 L27 34'),
  ),
  operator(
    'Lever Operator',
    line('M20 26 V60 M20 26 L35 11'),
    outline(circle(37, 9, 3)),
    filled(circle(20, 26, 2)),
  ),
];
