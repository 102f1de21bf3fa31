/** Draws one plant module (a train) as a P&ID in a horizontal band of the sheet. */
import type { PlantElement, PlantModule } from '../plant/types.ts';
import { DRAWING_AREA } from './sheet.ts';
import {
  INK,
  arrow,
  bubble,
  connector,
  controlValve,
  label,
  line,
  machine,
  motor,
  nonReturnValve,
  penstock,
  signal,
  text,
  valve,
  vessel as drawVessel,
  type Pen,
} from './symbols.ts';

const prop = (e: PlantElement, name: string): string => String(e.props.find(([n]) => n === name)?.[1] ?? '');
const isInstrument = (e: PlantElement): boolean => e.ifcType === 'IFCSENSOR' || e.ifcType === 'IFCFLOWMETER';
const MACHINES = new Set(['Pump', 'Blower', 'Compressor']);

/** Draws the module with its vertical centre at `yc`; the band is about 380 points high. */
export function drawTrain(pen: Pen, module: PlantModule, yc: number, nextSheet: string): void {
  const els = module.elements;
  const [lineA, lineB] = module.lines;
  const vessel = els.find((e) => e.ifcType === 'IFCTANK' || e.ifcType === 'IFCFILTER');
  const machines = els.filter((e) => MACHINES.has(e.category));
  const motors = els.filter((e) => e.ifcType === 'IFCELECTRICMOTOR');
  if (!vessel || !lineA || !lineB || machines.length < 2) return;
  const onLine = (number: string, e: PlantElement): boolean => e.line === number;
  const kind =
    machines[0]?.category === 'Blower'
      ? 'blower'
      : machines[0]?.category === 'Compressor'
        ? 'compressor'
        : 'pump';

  const x0 = DRAWING_AREA.x0 + 20;
  const status = prop(vessel, 'Status') === 'Existing' ? ' (EXISTING)' : '';
  text(
    pen,
    `${module.stream.toUpperCase()} - TRAIN ${module.index + 1}${status}`,
    x0,
    yc + 170,
    10,
    'left',
    true,
  );
  if (prop(vessel, 'Hazard')) text(pen, `HAZARD: ${prop(vessel, 'Hazard')}`, x0, yc + 158, 7, 'left', true);

  // Vessel, mixer, inlet and penstock.
  const vx = x0 + 60;
  const top = yc + 80;
  drawVessel(
    pen,
    vx,
    yc - 60,
    120,
    140,
    vessel.category === 'Clarifier' || vessel.objectType === 'Anaerobic Digester',
  );
  label(pen, vx + 60, yc - 92, vessel.tag ?? '', vessel.objectType);
  line(pen, x0 - 10, top - 30, vx, top - 30);
  arrow(pen, vx - 10, top - 30);
  text(pen, `${prop(vessel, 'Fluid Code')} from upstream`, x0 - 10, top - 42, 5.5);
  const gate = els.find((e) => e.objectType === 'Penstock');
  if (gate) {
    penstock(pen, vx - 30, top - 30);
    label(pen, vx - 30, top - 56, gate.tag ?? '');
  }
  const mixer = els.find((e) => e.category === 'Mixer');
  if (mixer) {
    line(pen, vx + 60, top + 20, vx + 60, top - 70, 1, INK);
    line(pen, vx + 50, top - 70, vx + 70, top - 70, 1.6);
    motor(pen, vx + 60, top + 27);
    label(pen, vx + 85, top + 24, mixer.tag ?? '');
  }

  // Line A into the machines.
  const ax = vx + 120;
  const manifold = ax + 200;
  const yDuty = yc + 70;
  const yStandby = yc - 70;
  line(pen, ax, yc, manifold, yc);
  arrow(pen, ax + 30, yc);
  text(pen, `${lineA.number}`, ax + 10, yc + 6, 6, 'left', true);
  els
    .filter((e) => onLine(lineA.number, e) && e.ifcType === 'IFCVALVE')
    .forEach((v, i) => {
      valve(pen, ax + 110 + i * 40, yc);
      label(pen, ax + 110 + i * 40, yc - 18, v.tag ?? '', prop(v, 'Size'));
    });
  line(pen, manifold, yStandby, manifold, yDuty);
  const mx = manifold + 60;
  const outlets: number[] = [];
  machines.slice(0, 2).forEach((m, i) => {
    const y = i === 0 ? yDuty : yStandby;
    line(pen, manifold, y, mx - 14, y);
    machine(pen, mx, y, kind);
    label(pen, mx, y - 30, m.tag ?? '', i === 0 ? 'Duty' : 'Standby');
    const mo = motors[i];
    if (mo) {
      line(pen, mx + 14, y, mx + 28, y, 0.8);
      motor(pen, mx + 35, y);
      text(pen, mo.tag ?? '', mx + 45, y - 2, 5.5);
    }
    outlets.push(y + 14);
  });

  // Line B: non-return valves, a header and valves out to the next process.
  const hx = mx + 90;
  const nrvs = els.filter((e) => onLine(lineB.number, e) && e.category.startsWith('Non-Return'));
  outlets.forEach((y, i) => {
    line(pen, mx + 14, y, hx, y);
    nonReturnValve(pen, mx + 60, y);
    const nrv = nrvs[i];
    if (nrv) label(pen, mx + 60, y + 10, nrv.tag ?? '');
  });
  const yb = outlets[0] as number;
  line(pen, hx, outlets[1] as number, hx, yb);
  const xEnd = DRAWING_AREA.x1 - 80;
  line(pen, hx, yb, xEnd, yb);
  arrow(pen, xEnd - 16, yb);
  text(pen, `${lineB.number}`, hx + 8, yb + 6, 6, 'left', true);
  const valvesB = els.filter(
    (e) => onLine(lineB.number, e) && e.ifcType === 'IFCVALVE' && !e.category.startsWith('Non-Return'),
  );
  valvesB.forEach((v, i) => {
    const x = hx + 50 + i * 60;
    if (v.category.startsWith('Control')) controlValve(pen, x, yb);
    else valve(pen, x, yb);
    label(pen, x, yb - 18, v.tag ?? '', prop(v, 'Size'));
  });
  connector(pen, xEnd, yb, lineB.description.split(' to ').pop() ?? '', nextSheet);

  // Instruments: on line B between the valves, on the vessel roof.
  els
    .filter((e) => isInstrument(e) && onLine(lineB.number, e))
    .forEach((inst, i) => {
      const x = hx + 80 + i * 60;
      signal(pen, x, yb, x, yb + 32);
      bubble(pen, x, yb + 45, inst.tag ?? '');
    });
  els
    .filter((e) => isInstrument(e) && !e.line)
    .forEach((inst, i) => {
      const x = vx + 25 + i * 70;
      signal(pen, x, top, x, top + 32);
      bubble(pen, x, top + 45, inst.tag ?? '');
    });

  // Control panel.
  const panel = els.find((e) => e.ifcType === 'IFCELECTRICDISTRIBUTIONBOARD');
  if (panel) {
    pen.page.drawRectangle({
      x: DRAWING_AREA.x1 - 150,
      y: yc - 150,
      width: 70,
      height: 26,
      borderColor: INK,
      borderWidth: 0.8,
    });
    label(pen, DRAWING_AREA.x1 - 115, yc - 136, panel.tag ?? '', panel.category);
  }
}
