// Grit handling plant and sludge presses/thickeners drawn for Penstock, in elevation.
import {
  arrowHead,
  circle,
  dashed,
  ellipse,
  line,
  outline,
  path,
  rect,
  symbol,
  text,
  weight,
  zigzag,
  type DrawnSymbol,
} from './stencil.ts';

const grit = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Grit Handling', name, w, h, ...body);
const press = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Presses', name, w, h, ...body);

/** Filtrate or water falling: short dashed drops at each x, from y to y + length. */
const drips = (xs: number[], y: number, length = 6): string =>
  dashed('2 1.5', line(xs.map((x) => `M${x} ${y} V${y + length}`).join(' ')));

export const GRIT_HANDLING: DrawnSymbol[] = [
  grit(
    'Grit Classifier',
    100,
    80,
    line('M6 58 L88 10 M14 70 L96 22 M6 58 L14 70 M88 10 L96 22'),
    zigzag(12, 63, 90, 17, 7, 4.5),
    line('M2 30 H30 L24 47 M2 30 L9 55'),
    line('M93 24 V36'),
    arrowHead(93, 43, 90, 7, 3.5),
  ),
  grit(
    'Vortex Grit Trap',
    80,
    90,
    line('M8 6 V50 L34 78 H46 L72 50 V6 M34 78 V88 M46 78 V88 M40 0 V36 M28 36 H52 M72 30 H80 M0 16 H4'),
    arrowHead(8, 16, 0, 5, 2.5),
    dashed('3 2', outline(ellipse(18, 18, 44, 10))),
    arrowHead(34, 28, 180, 5, 2.5),
  ),
  grit(
    'Detritor',
    90,
    80,
    outline(rect(4, 4, 72, 72), circle(40, 40, 4)),
    line(
      'M40 40 L68 12 M44.2 30.2 L49.8 35.8 M51.2 23.2 L56.8 28.8 M58.2 16.2 L63.8 21.8 M76 34 H90 M76 46 H90',
    ),
    line('M52 52 A17 17 0 0 1 28 52'),
    arrowHead(28, 52, 225, 5, 2.5),
  ),
  grit(
    'Hydrocyclone',
    90,
    90,
    outline(rect(30, 12, 30, 16)),
    line('M30 28 L42 78 H48 L60 28 M40 12 V34 M50 12 V34 M45 12 V6 M4 16 H24 M45 78 V84'),
    arrowHead(45, 0, -90, 6, 3),
    arrowHead(30, 16, 0, 6, 3),
    arrowHead(45, 90, 90, 6, 3),
  ),
  grit(
    'Grit Washer',
    120,
    90,
    line('M6 10 V54 L26 80 H32 L52 54 V10 M29 80 V86 H62'),
    line('M59.7 75.8 L109.7 23.8 M68.3 84.2 L118.3 32.2 M59.7 75.8 L68.3 84.2 M109.7 23.8 L118.3 32.2'),
    zigzag(64, 80, 114, 28, 5, 3.5),
    line('M8 4 H50'),
    drips([16, 29, 42], 6, 12),
  ),
  grit(
    'Grit Skip',
    100,
    60,
    outline(path('M4 18 H96 L84 56 H16 Z'), circle(5, 32, 3), circle(95, 32, 3)),
    dashed('3 2', line('M10 18 Q50 0 90 18')),
  ),
];

export const PRESSES: DrawnSymbol[] = [
  press(
    'Belt Filter Press',
    120,
    70,
    outline(circle(12, 48, 6), circle(108, 48, 6), circle(40, 26, 6), circle(108, 34, 6)),
    line('M12 42 H108 M12 54 H108 M40 20 L108 28 M40 32 L108 40'),
    outline(circle(62, 18.4, 4), circle(84, 21.2, 4)),
    line('M20 4 V34'),
    arrowHead(20, 41, 90, 7, 3.5),
    drips([30, 50, 70, 90], 58),
    line('M116 44 V60'),
    arrowHead(116, 67, 90, 6, 3),
  ),
  press(
    'Plate Filter Press',
    120,
    60,
    outline(rect(4, 10, 10, 40), rect(93, 10, 8, 40), rect(110, 24, 8, 12)),
    outline(...Array.from({ length: 11 }, (_, k) => rect(18 + 7 * k, 12, 4, 36))),
    line('M14 14 H93 M14 46 H93 M101 30 H110 M9 50 V58 M97 50 V58 M5 58 H13 M93 58 H101'),
  ),
  press(
    'Screw Press',
    120,
    50,
    dashed('3 2', outline(rect(14, 14, 86, 22))),
    zigzag(16, 25, 98, 25, 8, 9),
    line('M16 14 L10 2 H34 L28 14 M100 25 H106'),
    outline(rect(106, 18, 12, 14)),
    text('M', 112, 25.5, { size: 9 }),
    drips([40, 55, 70], 38),
    line('M94 38 V42'),
    arrowHead(94, 49, 90, 6, 3),
  ),
  press(
    'Decanter Centrifuge',
    120,
    50,
    outline(path('M14 8 H80 L104 18 V32 L80 42 H14 Z'), rect(110, 19, 10, 12)),
    zigzag(20, 25, 92, 25, 8, 10),
    line('M0 25 H8 M104 25 H110 M22 42 V44 M100 34 V44'),
    arrowHead(14, 25, 0, 6, 3),
    arrowHead(22, 50, 90, 5, 2.5),
    arrowHead(100, 50, 90, 5, 2.5),
  ),
  press(
    'Rotary Drum Thickener',
    120,
    60,
    line('M20 14 H96 M20 46 H96 M96 14 A6 16 0 0 1 96 46 M24 6 H96 M0 30 H4 M102 30 H112'),
    outline(ellipse(14, 14, 12, 32)),
    dashed('2 2', line('M34 14 V46 M48 14 V46 M62 14 V46 M76 14 V46 M90 14 V46')),
    outline(path('M40 6 L37 10 H43 Z'), path('M60 6 L57 10 H63 Z'), path('M80 6 L77 10 H83 Z')),
    arrowHead(10, 30, 0, 6, 3),
    arrowHead(118, 30, 0, 6, 3),
    drips([40, 60, 80], 50),
  ),
  press(
    'Gravity Belt Thickener',
    120,
    50,
    outline(circle(12, 30, 6), circle(108, 30, 6)),
    line('M12 24 H108 M12 36 H108 M35 24 L39 16 L43 24 M55 24 L59 16 L63 24 M75 24 L79 16 L83 24 M20 2 V16'),
    arrowHead(20, 23, 90, 7, 3.5),
    drips([30, 50, 70, 90], 40),
    weight(1, line('M116 32 V40')),
    arrowHead(116, 47, 90, 6, 3),
  ),
];
