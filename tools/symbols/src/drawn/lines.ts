// Line symbols: process pipelines (named after the static property guide's pipeline classes) and
// ISA 5.1 signal lines. All are 100 wide so they line up in the library.
import {
  circle,
  coloured,
  dashed,
  filled,
  line,
  outline,
  symbol,
  weight,
  type DrawnSymbol,
} from './stencil.ts';

/** Existing plant is drawn greyed back, as on UK water-industry P&IDs. */
const EXISTING = '#7f7f7f';
const RUN = 'M0 5 H100';

const pipeline = (name: string, ...body: string[]) => symbol('Pipelines', name, 100, 10, ...body);
const signal = (name: string, ...body: string[]) => symbol('Signal Lines', name, 100, 10, ...body);

export const PIPELINES: DrawnSymbol[] = [
  pipeline('Pipeline', line(RUN)),
  pipeline('Pipeline (Below Ground)', dashed('6 3', line(RUN))),
  pipeline('Pipeline (Major)', weight(2, line(RUN))),
  pipeline('Pipeline (Minor)', weight(0.6, line(RUN))),
  pipeline('Pipeline (Future)', dashed('10 3 2 3', line(RUN))),
  pipeline('Pipeline (Existing Major)', coloured(EXISTING, weight(2, line(RUN)))),
  pipeline('Pipeline (Existing Minor)', coloured(EXISTING, weight(0.6, line(RUN)))),
  pipeline(
    'Pipeline (Existing, To Be Removed)',
    coloured(EXISTING, weight(1.4, line(RUN))),
    weight(0.8, line('M21 1 L29 9 M21 9 L29 1 M46 1 L54 9 M46 9 L54 1 M71 1 L79 9 M71 9 L79 1')),
  ),
  symbol(
    'Pipelines',
    'Pipeline (Dual Contained)',
    100,
    14,
    weight(1.4, line('M0 7 H100')),
    weight(0.6, line('M0 2 H100 M0 12 H100')),
  ),
  pipeline('Pipeline (Trace Heated)', line('M0 3.5 H100'), weight(0.6, dashed('4 2', line('M0 8 H100')))),
  pipeline('Pipeline (Temporary)', dashed('1 2.5', line(RUN))),
];

export const SIGNAL_LINES: DrawnSymbol[] = [
  signal('Electrical Signal', dashed('4 3', line(RUN))),
  signal('Pneumatic Signal', line(`${RUN} M42 9 L48 1 M52 9 L58 1`)),
  signal('Data Link', line(RUN), outline(circle(33, 5, 3), circle(67, 5, 3))),
  signal('Hydraulic Signal', line(`${RUN} M42 9 V1 H47 M54 9 V1 H59`)),
  signal('Capillary Tube', line(`${RUN} M38 1 L46 9 M38 9 L46 1 M54 1 L62 9 M54 9 L62 1`)),
  signal(
    'Guided Electromagnetic Signal',
    line('M0 5 H30 Q35 -1 40 5 Q45 11 50 5 Q55 -1 60 5 Q65 11 70 5 H100'),
  ),
  signal(
    'Wireless Signal',
    line(
      'M0 5 Q5 -1 10 5 Q15 11 20 5 Q25 -1 30 5 Q35 11 40 5 Q45 -1 50 5 Q55 11 60 5 Q65 -1 70 5 Q75 11 80 5 Q85 -1 90 5 Q95 11 100 5',
    ),
  ),
  signal('Mechanical Link', line(RUN), filled([circle(33, 5, 2.5), circle(67, 5, 2.5)])),
  signal(
    'Fieldbus Link',
    line(`${RUN} M30.9 7.1 L35.1 2.9 M64.9 7.1 L69.1 2.9`),
    outline(circle(33, 5, 3), circle(67, 5, 3)),
  ),
  signal('Instrument Supply or Process Connection', weight(0.6, line(RUN))),
];
