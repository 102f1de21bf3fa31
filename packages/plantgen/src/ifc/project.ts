/** IFC4 header, owner history, units, representation contexts, shared geometry and the spatial structure. */
import type { GuidSource } from '../rng.ts';
import { DECK_ELEVATION } from '../plant/layout.ts';
import { DERIVED, NULL, enumValue, list, real, ref, refs, str, type StepWriter } from './step.ts';

/** Fixed so output never depends on the clock: 2025-01-01T00:00:00Z. */
const CREATED_ISO = '2025-01-01T00:00:00';
const CREATED_EPOCH = 1735689600;
export const GENERATOR = 'Penstock plantgen';
export const GENERATOR_VERSION = '0.1.0';

export interface ProjectRefs {
  readonly ownerHistory: number;
  readonly bodyContext: number;
  readonly building: number;
  readonly storeys: readonly [number, number];
  readonly storeyPlacements: readonly [number, number];
  readonly dirX: number;
  readonly dirY: number;
  readonly dirZ: number;
  readonly dirMinusX: number;
  /** Profile position shared by every profile: origin, x along +X. */
  readonly profilePosition: number;
}

export const STOREYS = [
  { name: 'Ground Floor', elevation: 0 },
  { name: 'Upper Deck', elevation: DECK_ELEVATION },
] as const;

export function writeHeader(w: StepWriter, fileName: string, description: string): void {
  w.raw(
    [
      'ISO-10303-21;',
      'HEADER;',
      `FILE_DESCRIPTION((${str(description)}),'2;1');`,
      `FILE_NAME(${str(fileName)},'${CREATED_ISO}',(${str(GENERATOR)}),('Penstock'),${str(`${GENERATOR} ${GENERATOR_VERSION}`)},${str(GENERATOR)},'');`,
      "FILE_SCHEMA(('IFC4'));",
      'ENDSEC;',
      'DATA;',
      '',
    ].join('\n'),
  );
}

export function writeTrailer(w: StepWriter): void {
  w.raw('ENDSEC;\nEND-ISO-10303-21;\n');
}

const point = (w: StepWriter, ...c: number[]): number => w.add('IFCCARTESIANPOINT', list(c.map(real)));
const direction = (w: StepWriter, ...c: number[]): number => w.add('IFCDIRECTION', list(c.map(real)));

export function writeProject(w: StepWriter, guids: GuidSource, name: string): ProjectRefs {
  const person = w.add('IFCPERSON', NULL, str('Generator'), str('Plant'), NULL, NULL, NULL, NULL, NULL);
  const organisation = w.add('IFCORGANIZATION', NULL, str('Penstock'), NULL, NULL, NULL);
  const user = w.add('IFCPERSONANDORGANIZATION', ref(person), ref(organisation), NULL);
  const app = w.add(
    'IFCAPPLICATION',
    ref(organisation),
    str(GENERATOR_VERSION),
    str(GENERATOR),
    str('plantgen'),
  );
  const oh = w.add(
    'IFCOWNERHISTORY',
    ref(user),
    ref(app),
    NULL,
    enumValue('NOCHANGE'),
    NULL,
    NULL,
    NULL,
    String(CREATED_EPOCH),
  );

  const origin = point(w, 0, 0, 0);
  const dirX = direction(w, 1, 0, 0);
  const dirY = direction(w, 0, 1, 0);
  const dirZ = direction(w, 0, 0, 1);
  const dirMinusX = direction(w, -1, 0, 0);
  const wcs = w.add('IFCAXIS2PLACEMENT3D', ref(origin), ref(dirZ), ref(dirX));
  const profilePosition = w.add('IFCAXIS2PLACEMENT2D', ref(point(w, 0, 0)), ref(direction(w, 1, 0)));
  const north = direction(w, 0, 1);
  const context = w.add(
    'IFCGEOMETRICREPRESENTATIONCONTEXT',
    NULL,
    str('Model'),
    '3',
    '1.E-05',
    ref(wcs),
    ref(north),
  );
  const body = w.add(
    'IFCGEOMETRICREPRESENTATIONSUBCONTEXT',
    str('Body'),
    str('Model'),
    DERIVED,
    DERIVED,
    DERIVED,
    DERIVED,
    ref(context),
    NULL,
    enumValue('MODEL_VIEW'),
    NULL,
  );

  const si = (type: string, prefix: string | null, unit: string): number =>
    w.add('IFCSIUNIT', DERIVED, enumValue(type), prefix ? enumValue(prefix) : NULL, enumValue(unit));
  const units = [
    si('LENGTHUNIT', 'MILLI', 'METRE'),
    si('AREAUNIT', null, 'SQUARE_METRE'),
    si('VOLUMEUNIT', null, 'CUBIC_METRE'),
    si('PLANEANGLEUNIT', null, 'RADIAN'),
    si('MASSUNIT', 'KILO', 'GRAM'),
    si('TIMEUNIT', null, 'SECOND'),
    si('THERMODYNAMICTEMPERATUREUNIT', null, 'DEGREE_CELSIUS'),
    si('PRESSUREUNIT', null, 'PASCAL'),
  ];
  const unitAssignment = w.add('IFCUNITASSIGNMENT', refs(units));
  const project = w.add(
    'IFCPROJECT',
    str(guids.next()),
    ref(oh),
    str(name),
    str('Generated demonstration model of a water-treatment works'),
    NULL,
    str(name),
    str('Detailed Design'),
    refs([context]),
    ref(unitAssignment),
  );

  const sitePlacement = w.add('IFCLOCALPLACEMENT', NULL, ref(wcs));
  const site = w.add(
    'IFCSITE',
    str(guids.next()),
    ref(oh),
    str('Site'),
    str(`${name} site`),
    NULL,
    ref(sitePlacement),
    NULL,
    str(name),
    enumValue('ELEMENT'),
    NULL,
    NULL,
    real(0),
    NULL,
    NULL,
  );
  const buildingPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(wcs));
  const building = w.add(
    'IFCBUILDING',
    str(guids.next()),
    ref(oh),
    str('Process Plant'),
    str('Treatment process areas'),
    NULL,
    ref(buildingPlacement),
    NULL,
    str(`${name} process plant`),
    enumValue('ELEMENT'),
    NULL,
    NULL,
    NULL,
  );
  const storeyPlacements: number[] = [];
  const storeys = STOREYS.map((storey) => {
    const location = point(w, 0, 0, storey.elevation);
    const placement = w.add(
      'IFCLOCALPLACEMENT',
      ref(buildingPlacement),
      ref(w.add('IFCAXIS2PLACEMENT3D', ref(location), ref(dirZ), ref(dirX))),
    );
    storeyPlacements.push(placement);
    return w.add(
      'IFCBUILDINGSTOREY',
      str(guids.next()),
      ref(oh),
      str(storey.name),
      NULL,
      NULL,
      ref(placement),
      NULL,
      str(storey.name),
      enumValue('ELEMENT'),
      real(storey.elevation),
    );
  });

  const aggregate = (whole: number, parts: number[]): number =>
    w.add('IFCRELAGGREGATES', str(guids.next()), ref(oh), NULL, NULL, ref(whole), refs(parts));
  aggregate(project, [site]);
  aggregate(site, [building]);
  aggregate(building, storeys);

  return {
    ownerHistory: oh,
    bodyContext: body,
    building,
    storeys: [storeys[0] as number, storeys[1] as number],
    storeyPlacements: [storeyPlacements[0] as number, storeyPlacements[1] as number],
    dirX,
    dirY,
    dirZ,
    dirMinusX,
    profilePosition,
  };
}
