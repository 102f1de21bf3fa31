/**
 * Bodies of machines, motors, valves, instruments, panels and civil items, in each element's own
 * coordinates. Machines stand on their plinth: their origin is the plinth top under the machine's centre.
 */
import { GROUND_LINE_Z, SUCTION_REACH } from './layout.ts';
import { block, box, cylinder, gable, run } from './solids.ts';
import type { StyleKey } from './palette.ts';
import type { Axis, Body, Point, Solid } from './types.ts';

export type MachineKind = 'pump' | 'blower' | 'compressor';

/** Plinth height; machine origins are on top of it. */
export const PLINTH_HEIGHT = 200;
/** Height of each kind's discharge nozzle face above the ground (where its riser starts). */
export const DISCHARGE_Z: Readonly<Record<MachineKind, number>> = {
  pump: 1000,
  blower: 1600,
  compressor: 1400,
};

const local = (z: number): number => z - PLINTH_HEIGHT;

/** Bodies are handed out again for the same arguments, so the IFC writer recognises them at once. */
const made = new Map<string, Body>();
function memo(key: string, make: () => Body): Body {
  let body = made.get(key);
  if (!body) {
    body = make();
    made.set(key, body);
  }
  return body;
}

const xDir = (sign: number) => (sign > 0 ? '+x' : '-x');

/**
 * A duty or standby machine. `toward` is the x direction of its suction (the vessel's side); the motor
 * is a separate element on the other side, at motorOffset.
 */
export function machineBody(kind: MachineKind, toward: 1 | -1): Body {
  return memo(`machine|${kind}|${toward}`, () => {
    const away = -toward;
    const top = local(DISCHARGE_Z[kind]);
    const axis = local(GROUND_LINE_Z);
    if (kind === 'pump') {
      return [
        box([away * 300, 0, 0], 2200, 700, 100, 'machinery'),
        cylinder([0, -220, axis], 330, 440, 'y', 'machinery'),
        run([toward * 300, 0, axis], xDir(toward), 130, SUCTION_REACH - 300, 'machinery'),
        cylinder([0, 0, axis + 300], 120, top - axis - 300, 'z', 'machinery'),
      ];
    }
    if (kind === 'blower') {
      // A packaged blower in its acoustic hood, with the intake filter on the far side.
      return [
        box([toward * 100, 0, 0], 2200, 1600, top - 250, 'machinery'),
        box([away * 1150, 0, 300], 300, 1000, 700, 'steel'),
        cylinder([0, 0, top - 250], 200, 250, 'z', 'machinery'),
      ];
    }
    return [
      box([0, 0, 0], 1000, 1200, top - 200, 'machinery'),
      run([toward * 500, 0, axis], xDir(toward), 110, SUCTION_REACH - 500, 'machinery'),
      cylinder([0, 0, top - 200], 110, 200, 'z', 'machinery'),
    ];
  });
}

/** Where a machine's motor stands, from the machine's origin. */
export function motorOffset(kind: MachineKind, toward: 1 | -1): Point {
  const away = -toward;
  return [away * (kind === 'blower' ? 1300 : kind === 'pump' ? 600 : 500), 0, 0];
}

export function motorBody(kind: MachineKind, toward: 1 | -1): Body {
  return memo(`motor|${kind}|${toward}`, () => {
    const away = -toward;
    const r = kind === 'blower' ? 320 : 260;
    const length = kind === 'blower' ? 800 : 700;
    const axis = local(GROUND_LINE_Z) + (kind === 'blower' ? 150 : 0);
    return [
      run([0, 0, axis], xDir(away), r, length, 'motor'),
      box([away * (length / 2), 0, axis + r - 20], 260, 260, 200, 'motor'),
    ];
  });
}

/** A plinth under a machine and its motor. */
export function plinthBody(toward: 1 | -1): Body {
  return memo(`plinth|${toward}`, () => {
    return [box([-toward * 500, 0, 0], 2800, 1100, PLINTH_HEIGHT, 'concrete')];
  });
}

/**
 * An in-line valve: a flanged body along the pipe from the element's origin; above horizontal valves a
 * bonnet with a handwheel or an actuator. Few solids: a plant holds thousands of valves.
 */
export function valveBody(r: number, length: number, axis: Axis, actuator: string): Body {
  return memo(`valve|${r}|${length}|${axis}|${actuator}`, () => {
    const body = r * 1.7 + 25;
    const at = (d: number): Point => (axis === 'x' ? [d, 0, 0] : axis === 'y' ? [0, d, 0] : [0, 0, d]);
    const out: Solid[] = [cylinder(at(0), body, length, axis, 'valve')];
    if (axis === 'z' || /^None/.test(actuator)) return out;
    const mid = at(length / 2);
    const top = body + Math.max(220, r);
    out.push(
      box(
        [mid[0], mid[1], body - 10],
        Math.max(90, r * 0.6),
        Math.max(90, r * 0.6),
        top - body + 10,
        'valve',
      ),
    );
    if (/Actuator/.test(actuator)) out.push(box([mid[0], mid[1], top], 340, 340, 320, 'valve'));
    else out.push(cylinder([mid[0], mid[1], top], Math.max(140, r * 0.9), 40, 'z', 'valve'));
    return out;
  });
}

/** A penstock across a channel `width` wide and `depth` deep, with its headstock and actuator. */
export function penstockBody(width: number, depth: number): Body {
  return memo(`penstock|${width}|${depth}`, () => {
    const top = depth + 900;
    return [
      box([0, 0, 0], 120, width + 200, depth, 'valve'),
      box([0, -(width / 2 + 150), 0], 200, 200, top, 'steel'),
      box([0, width / 2 + 150, 0], 200, 200, top, 'steel'),
      box([0, 0, top], 300, width + 500, 250, 'steel'),
      cylinder([0, 0, top + 250], 40, 700, 'z', 'steel'),
      box([0, 0, top + 950], 400, 400, 350, 'valve'),
    ];
  });
}

/** An instrument: a stem and a transmitter head. */
export function instrumentBody(): Body {
  return memo('instrument', () => {
    return [cylinder([0, 0, 0], 30, 260, 'z', 'steel'), box([0, 0, 260], 220, 160, 180, 'instrument')];
  });
}

/** A top-entry mixer: drive motor and gearbox above, shaft down into the tank. */
export function mixerBody(shaft: number): Body {
  return memo(`mixer|${shaft}`, () => {
    return [
      box([0, 0, 0], 700, 700, 150, 'steel'),
      cylinder([0, 0, 150], 300, 450, 'z', 'machinery'),
      cylinder([0, 0, 600], 230, 500, 'z', 'motor'),
      cylinder([0, 0, -shaft], 60, shaft, 'z', 'steel'),
    ];
  });
}

/** A control panel: a walk-in kiosk with a pitched roof, or a local panel under a rain canopy. */
export function panelBody(kiosk: boolean): Body {
  return memo(`panel|${kiosk}`, () => {
    if (kiosk) {
      return [
        box([0, 0, 0], 4300, 2700, 200, 'concrete'),
        box([0, 0, 200], 4000, 2400, 2400, 'kiosk'),
        gable([-2150, 0, 2600], 2800, 700, 4300, 'x', 'roof'),
        box([-800, -1210, 200], 1000, 40, 2100, 'steel'),
        box([900, -1210, 1400], 1200, 40, 600, 'steel'),
      ];
    }
    return [
      box([0, 0, 0], 1200, 700, 150, 'concrete'),
      box([0, 0, 150], 1000, 400, 1700, 'kiosk'),
      box([-550, 0, 150], 60, 60, 2000, 'steel'),
      box([550, 0, 150], 60, 60, 2000, 'steel'),
      box([0, 0, 2150], 1400, 800, 60, 'roof'),
    ];
  });
}

/** Base slab of a module cell: concrete hardstanding behind an asphalt road strip. */
export function slabBody(width: number, depth: number, road: number, thickness: number): Body {
  return memo(`slab|${width}|${depth}|${road}|${thickness}`, () => {
    return [
      block([0, 0, 0], [width, road, thickness], 'road'),
      block([0, road, 0], [width, depth, thickness], 'hardstanding'),
    ];
  });
}

/** The two halves of a rectangular bund `width` by `depth` from its south-west corner, each an L of two walls. */
export function bundBodies(
  width: number,
  depth: number,
  t: number,
  height: number,
  style: StyleKey = 'concrete',
): [south: Body, north: Body] {
  return [
    [block([0, 0, 0], [width, t, height], style), block([0, t, 0], [t, depth, height], style)],
    [
      block([t, depth - t, 0], [width, depth, height], style),
      block([width - t, t, 0], [width, depth - t, height], style),
    ],
  ];
}

/** A thrust block round a pipe end: a pier up to a deck line dropping below ground, or a block at grade. */
export function thrustBlockBody(top: number): Body {
  return memo(`thrust|${top}`, () => {
    return [box([0, 0, 0], 1000, 1000, top, 'concrete')];
  });
}
