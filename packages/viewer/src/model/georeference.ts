/**
 * How the models of a federated view line up (issue 33 §1): each model's georeference (read from its IFC at
 * conversion: the server's ModelGeoreference, given with the model information) places its IFC coordinates
 * in a frame shared with the tab's own model, the first model, whose frame is the view's origin:
 * - both models have an IfcMapConversion (on the same CRS, when both name theirs): through map coordinates;
 * - else both have a located IfcSite (RefLatitude/RefLongitude) within MAX_SITE_DISTANCE_M of each other:
 *   through a local east-north-up frame at the own site, turned by each model's TrueNorth;
 * - else by their own IFC coordinates (the project origin, which includes the IfcSite's placement), as
 *   Fragments' autoCoordinate lines models up.
 * Pure (three.js maths only): federation.ts applies the matrix; the manager's offset and rotation go on top.
 */
import * as THREE from 'three';

/** The server's ModelGeoreference (packages/shared georeference.contract.ts): metres, IFC axes (Z up). */
export interface Georeference {
  mapConversion: {
    eastings: number;
    northings: number;
    orthogonalHeight: number;
    xAxisAbscissa: number;
    xAxisOrdinate: number;
    /** map metres per model metre */
    scale: number;
    crs: string | null;
  } | null;
  site: {
    latitude: number;
    longitude: number;
    elevation: number;
    /** the site's origin in the model's IFC coordinates */
    origin: { x: number; y: number; z: number };
  } | null;
  /** degrees from the project's +Y clockwise to true north, or null */
  trueNorth: number | null;
}

/** What two models were lined up by. */
export type AlignmentFrame = 'map' | 'site' | 'project';

/**
 * Sites further apart than this are not lined up by their latitude and longitude: such references are often
 * an authoring tool's default (a city far from the works), and two models of one works are never this far
 * apart; they line up by their coordinates instead.
 */
export const MAX_SITE_DISTANCE_M = 20_000;
const EARTH_RADIUS_M = 6_378_137;

/** IFC coordinates (Z up) → map coordinates (eastings, northings, height) of an IfcMapConversion. */
export function mapMatrix(conversion: NonNullable<Georeference['mapConversion']>): THREE.Matrix4 {
  const length = Math.hypot(conversion.xAxisAbscissa, conversion.xAxisOrdinate);
  const cos = length > 0 ? conversion.xAxisAbscissa / length : 1;
  const sin = length > 0 ? conversion.xAxisOrdinate / length : 0;
  const s = conversion.scale > 0 ? conversion.scale : 1;
  return new THREE.Matrix4().set(
    s * cos,
    -s * sin,
    0,
    conversion.eastings,
    s * sin,
    s * cos,
    0,
    conversion.northings,
    0,
    0,
    s,
    conversion.orthogonalHeight,
    0,
    0,
    0,
    1,
  );
}

/** Metres east and north of `reference` (an equirectangular approximation, right within a few km). */
export function eastNorth(
  reference: { latitude: number; longitude: number },
  at: { latitude: number; longitude: number },
): { east: number; north: number } {
  const rad = Math.PI / 180;
  return {
    east: EARTH_RADIUS_M * Math.cos(reference.latitude * rad) * (at.longitude - reference.longitude) * rad,
    north: EARTH_RADIUS_M * (at.latitude - reference.latitude) * rad,
  };
}

/** IFC coordinates → east, north, height at `reference` (the site's origin moved there, turned to north). */
function siteMatrix(georeference: Georeference, reference: { latitude: number; longitude: number }) {
  const site = georeference.site!;
  const { east, north } = eastNorth(reference, site);
  // the project's +Y is trueNorth degrees anticlockwise of north: turn it that far
  const turn = THREE.MathUtils.degToRad(georeference.trueNorth ?? 0);
  return new THREE.Matrix4()
    .makeTranslation(east, north, site.elevation)
    .multiply(new THREE.Matrix4().makeRotationZ(turn))
    .multiply(new THREE.Matrix4().makeTranslation(-site.origin.x, -site.origin.y, -site.origin.z));
}

/**
 * From another model's IFC coordinates to the own model's (both Z up, metres), and what they were lined
 * up by. Without georeferences: the identity (the project origin).
 */
export function alignment(
  own: Georeference | null,
  other: Georeference | null,
): { frame: AlignmentFrame; matrix: THREE.Matrix4 } {
  const a = own?.mapConversion;
  const b = other?.mapConversion;
  if (a && b && (a.crs === null || b.crs === null || a.crs === b.crs))
    return { frame: 'map', matrix: mapMatrix(a).invert().multiply(mapMatrix(b)) };
  const siteA = own?.site;
  const siteB = other?.site;
  if (own && other && siteA && siteB) {
    const { east, north } = eastNorth(siteA, siteB);
    if (Math.hypot(east, north) <= MAX_SITE_DISTANCE_M)
      return {
        frame: 'site',
        matrix: siteMatrix(own, siteA).invert().multiply(siteMatrix(other, siteA)),
      };
  }
  return { frame: 'project', matrix: new THREE.Matrix4() };
}

/** IFC axes (Z up) → the viewer's (Y up): (x, y, z) → (x, z, −y), as web-ifc turns the geometry. */
const IFC_TO_VIEWER = new THREE.Matrix4().set(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);
const VIEWER_TO_IFC = IFC_TO_VIEWER.clone().invert();

/**
 * Where another model's object goes in the view (its matrix, before the manager's offset and rotation):
 * its converted frame back to its IFC coordinates (its coordination matrix undone), into the own model's
 * IFC coordinates (`ifcMatrix`, from alignment), into the own model's converted frame, then where the own
 * model is drawn. With the identity this is what Fragments' autoCoordinate does, so it replaces it.
 */
export function placementMatrix(input: {
  /** the own model's object.matrixWorld */
  ownWorld: THREE.Matrix4;
  /** the own model's getCoordinationMatrix() (IFC coordinates → its converted frame, viewer axes) */
  ownCoordination: THREE.Matrix4;
  /** the other model's getCoordinationMatrix() */
  otherCoordination: THREE.Matrix4;
  /** from alignment(): the other's IFC coordinates → the own's (Z up) */
  ifcMatrix: THREE.Matrix4;
}): THREE.Matrix4 {
  return input.ownWorld
    .clone()
    .multiply(input.ownCoordination)
    .multiply(IFC_TO_VIEWER)
    .multiply(input.ifcMatrix)
    .multiply(VIEWER_TO_IFC)
    .multiply(input.otherCoordination.clone().invert());
}
