/** The process units' bodies, around each vessel's position in the row layout (see layout.ts). */
import { DIGESTER, FST, LANE, PST, WET_WELL, rowLayout } from './layout.ts';
import { block, box, cylinder, dome, frame, ring } from './solids.ts';
import type { Body } from './types.ts';

/** Inlet works: an open screen channel with a mechanically raked screen and a screenings skip. */
function screenChannel(): Body {
  return [
    box([0, 0, 0], 14000, 3000, 300, 'concrete'),
    box([0, -1350, 300], 14000, 300, 1200, 'concrete'),
    box([0, 1350, 300], 14000, 300, 1200, 'concrete'),
    box([6850, 0, 300], 300, 2400, 1200, 'concrete'),
    box([-150, 0, 300], 13700, 2400, 800, 'sewage'),
    box([-500, -1650, 0], 250, 250, 4200, 'steel'),
    box([-500, 1650, 0], 250, 250, 4200, 'steel'),
    box([-500, 0, 3800], 500, 3550, 400, 'steel'),
    box([-500, 0, 300], 180, 2400, 3500, 'steel'),
    box([-500, 0, 4200], 800, 1000, 600, 'machinery'),
    box([900, 2700, 0], 1900, 1300, 1100, 'steel'),
  ];
}

/** Primary settlement tank: round, with its distribution chamber, half bridge, launder and centre column. */
function primaryTank(): Body {
  const { r } = PST;
  const pstX = rowLayout(2).vessel[0];
  return [
    ring([0, 0, 0], r, 300, 3000, 'concrete'),
    cylinder([0, 0, 2500], r - 300, 100, 'z', 'sewage'),
    cylinder([0, 0, 0], 700, 3400, 'z', 'concrete'),
    box([r / 2, 0, 3000], r, 1400, 250, 'steel'),
    box([r / 2, -700, 3250], r, 50, 1000, 'steel'),
    box([r / 2, 700, 3250], r, 50, 1000, 'steel'),
    box([r - 500, 0, 3250], 900, 1600, 800, 'machinery'),
    block([PST.chamberFace - pstX, -1500, 0], [-r + 300, 1500, 5200], 'concrete'),
  ];
}

/** Aeration lane: an open concrete tank of mixed liquor with a walkway across and the air main's drop. */
function aerationLane(): Body {
  const layout = rowLayout(3);
  const [cx, cy] = layout.vessel;
  const walkY = 26000 - cy;
  const airY = (layout.inlets[0]?.[1] ?? cy) - cy;
  return [
    frame([0, 0, 0], LANE.width, LANE.length, 400, LANE.height, 'concrete'),
    box([0, 0, 4800], LANE.width - 800, LANE.length - 800, 100, 'sewage'),
    box([0, walkY, LANE.height], LANE.width + 400, 1500, 150, 'steel'),
    box([0, walkY - 720, LANE.height + 150], LANE.width + 400, 40, 1000, 'steel'),
    box([0, walkY + 720, LANE.height + 150], LANE.width + 400, 40, 1000, 'steel'),
    cylinder([LANE.x0 - cx, airY, 4500], 180, 600, 'x', 'pipe:air'),
    cylinder([LANE.x0 - cx + 600, airY, 800], 180, 3880, 'z', 'pipe:air'),
  ];
}

/** Final settlement clarifier: round, full bridge, RAS outlet chamber and the inlet channel. */
function finalClarifier(): Body {
  const { r } = FST;
  const layout = rowLayout(4);
  const [cx, cy] = layout.vessel;
  const nozzle = layout.nozzleA;
  const rimX = -Math.sqrt(r ** 2 - (nozzle[1] - cy) ** 2);
  return [
    ring([0, 0, 0], r, 350, 3500, 'concrete'),
    cylinder([0, 0, 3000], r - 350, 100, 'z', 'effluent'),
    ring([0, 0, 2700], r - 350, 700, 500, 'concrete'),
    cylinder([0, 0, 0], 900, 3900, 'z', 'concrete'),
    box([0, 0, 3500], 2 * r, 1600, 300, 'steel'),
    box([0, -780, 3800], 2 * r, 40, 1000, 'steel'),
    box([0, 780, 3800], 2 * r, 40, 1000, 'steel'),
    box([r - 500, 0, 3800], 1000, 1800, 800, 'machinery'),
    box([-r + 500, 0, 3800], 1000, 1800, 800, 'machinery'),
    block([nozzle[0] - cx, nozzle[1] - cy - 1200, 0], [rimX + 800, nozzle[1] - cy + 1200, 2500], 'concrete'),
    frame([r + 1250, 0, 0], 3500, 2600, 300, 3000, 'concrete'),
    box([r + 1250, 0, 300], 2900, 2000, 2300, 'sewage'),
  ];
}

/** Final effluent wet well: a covered concrete chamber with hatches and a lifting davit. */
function wetWell(): Body {
  const { size, height } = WET_WELL;
  return [
    box([0, 0, 0], size, size, height, 'concrete'),
    box([0, 0, height], size + 400, size + 400, 300, 'roof'),
    box([-2000, -2000, height + 300], 1500, 1200, 80, 'steel'),
    box([1500, 1500, height + 300], 1500, 1200, 80, 'steel'),
    box([0, 2600, height + 300], 150, 150, 2500, 'steel'),
    box([700, 2600, height + 2650], 1550, 150, 150, 'steel'),
  ];
}

/** Bulk chemical tank: a GRP vertical tank on a plinth with a domed top and a ladder. */
function chemicalTank(): Body {
  return [
    box([0, 0, 0], 4000, 4000, 150, 'concrete'),
    cylinder([0, 0, 150], 1800, 3850, 'z', 'grp'),
    ...dome([0, 0, 4000], 1800, 400, 2, 'grp'),
    box([0, 1900, 0], 500, 80, 4300, 'steel'),
  ];
}

/** Anaerobic digester: clad shell, domed roof, gas dome and stair tower. */
function digester(): Body {
  const { r, height } = DIGESTER;
  return [
    cylinder([0, 0, 0], r, height, 'z', 'sludge'),
    ...dome([0, 0, height], r, 1200, 2, 'roof'),
    cylinder([0, 0, height + 1200], 1400, 600, 'z', 'steel'),
    box([0, -r - 900, 0], 1800, 1800, height + 1000, 'steel'),
  ];
}

const VESSELS: Readonly<Record<number, () => Body>> = {
  1: screenChannel,
  2: primaryTank,
  3: aerationLane,
  4: finalClarifier,
  5: wetWell,
  6: chemicalTank,
  7: digester,
};

const cache = new Map<number, Body>();

/** The vessel body of an area's stream (the same for every train). */
export function vesselBody(area: number): Body {
  let body = cache.get(area);
  if (!body) {
    const make = VESSELS[area];
    if (!make) throw new Error(`no vessel body for area ${area}`);
    body = make();
    cache.set(area, body);
  }
  return body;
}
