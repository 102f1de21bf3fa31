// Emergency equipment and sample equipment drawn for Penstock. Safety signs keep their meaningful
// colours (ISO 7010 green first aid, red fire equipment, IEC 60204 red-on-yellow emergency stop); the
// rest follow the theme's line colour.
import {
  arrowHead,
  circle,
  dashed,
  filled,
  fillOnly,
  line,
  outline,
  path,
  rect,
  roundrect,
  symbol,
  text,
  valveH,
  weight,
  type DrawnSymbol,
} from './stencil.ts';

const RED = '#d32f2f';
const SAFETY_GREEN = '#008a4f';
const SIGNAL_YELLOW = '#ffd400';
const WHITE = '#ffffff';

const emergency = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Emergency Equipment', name, w, h, ...body);
const sample = (name: string, w: number, h: number, ...body: string[]) =>
  symbol('Sample Equipment', name, w, h, ...body);

export const EMERGENCY_EQUIPMENT: DrawnSymbol[] = [
  emergency(
    'Safety Shower',
    60,
    80,
    line('M14 80 V8 H32 V14 M8 80 H20'),
    outline(path('M24 22 L32 14 L40 22 Z')),
    weight(0.6, line('M32 8 H46 V46')),
    outline(path('M41 46 H51 L46 53 Z')),
    dashed('2 2', line('M27 26 L23 42 M32 26 V44 M37 26 L41 42')),
  ),
  emergency(
    'Eye Wash Station',
    60,
    70,
    outline(path('M6 30 H54 Q54 50 30 50 Q6 50 6 30 Z'), rect(19, 24, 4, 6), rect(37, 24, 4, 6)),
    dashed('2 1.5', line('M21 24 Q20 12 28 8 M39 24 Q40 12 32 8')),
    line('M30 50 V68 M22 68 H38'),
  ),
  emergency(
    'Combined Safety Shower and Eye Wash',
    70,
    90,
    line('M14 90 V8 H36 V14 M8 90 H20 M14 74 H47 V66'),
    outline(path('M28 22 L36 14 L44 22 Z')),
    dashed('2 2', line('M31 26 L28 38 M36 26 V40 M41 26 L44 38')),
    outline(path('M28 52 H66 Q66 66 47 66 Q28 66 28 52 Z')),
    dashed('2 1.5', line('M40 52 Q40 44 46 42 M54 52 Q54 44 48 42')),
  ),
  emergency(
    'Fire Extinguisher',
    50,
    80,
    filled(roundrect(13, 22, 24, 54, 25), RED),
    outline(rect(20, 14, 10, 8)),
    line('M20 14 L14 8 M30 14 L38 10 M20 18 Q6 20 6 40 V52'),
  ),
  emergency(
    'Emergency Stop',
    60,
    60,
    filled(circle(30, 30, 26), SIGNAL_YELLOW),
    filled(circle(30, 30, 15), RED),
  ),
  emergency(
    'First Aid Point',
    60,
    60,
    filled(rect(3, 3, 54, 54), SAFETY_GREEN),
    fillOnly(path('M24 12 H36 V24 H48 V36 H36 V48 H24 V36 H12 V24 H24 Z'), WHITE),
  ),
  emergency(
    'Spill Kit',
    60,
    70,
    outline(roundrect(10, 16, 40, 50, 10)),
    weight(1.4, line('M6 16 H54')),
    line('M24 16 V10 H36 V16'),
    text('SPILL', 30, 36, { size: 9 }),
    text('KIT', 30, 48, { size: 9 }),
  ),
  emergency(
    'Fire Alarm Call Point',
    60,
    60,
    filled(rect(3, 3, 54, 54), RED),
    filled(rect(15, 15, 30, 30), WHITE),
    fillOnly(circle(30, 30, 6), RED),
  ),
];

export const SAMPLE_EQUIPMENT: DrawnSymbol[] = [
  sample(
    'Sample Point',
    80,
    40,
    weight(1.4, line('M10 4 V36')),
    line('M10 20 H24 M36 20 H48'),
    valveH(30, 20),
    outline(circle(62, 20, 14)),
    text('SP', 62, 20.5, { size: 11 }),
  ),
  sample(
    'Composite Autosampler',
    70,
    80,
    outline(rect(14, 4, 52, 72), circle(36, 16, 7), circle(36, 16, 2)),
    line('M0 16 H22 M43 16 H54 V30 H44 V36'),
    arrowHead(29, 16, 0, 6, 3),
    outline(path('M40 36 H48 V41 L56 47 V72 H32 V47 L40 41 Z')),
    dashed('2 2', line('M33 58 H55')),
  ),
  sample(
    'Sample Cooler',
    80,
    60,
    outline(rect(14, 10, 52, 40)),
    line('M0 30 H18 L24 18 L32 42 L40 18 L48 42 L56 18 L62 30 H80 M24 10 V2 M56 50 V58'),
  ),
  sample(
    'Sample Tap',
    60,
    50,
    line('M0 14 H26 M40 14 H44 Q50 14 50 20 V30 M33 8 V2 M27 2 H39'),
    outline(roundrect(26, 8, 14, 12, 30)),
    filled(path('M50 36 Q46 42 50 45 Q54 42 50 36 Z')),
  ),
  sample(
    'Sample Sink',
    80,
    60,
    outline(path('M4 26 H76 L68 48 H12 Z')),
    line('M62 26 V8 H48 V14 M40 48 V58'),
    dashed('2 2', line('M48 18 V24')),
  ),
  sample('Online Sample Line', 100, 10, line('M0 5 H42 M58 5 H100'), text('S', 50, 5, { size: 9 })),
  sample(
    'Sample Bottle',
    40,
    60,
    outline(path('M15 10 H25 V16 L32 24 V56 H8 V24 L15 16 Z')),
    filled(rect(14, 4, 12, 6)),
    dashed('2 2', line('M9 38 H31')),
  ),
];
