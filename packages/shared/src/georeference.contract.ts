/**
 * Where a model version sits in the world (issue 33 §1, models line up), read from its IFC at conversion and
 * given with the model information (GET /api/models/<version id>): the IfcMapConversion of its model context,
 * else its IfcSite's latitude, longitude and elevation. Lengths are metres (the IFC's units converted), IFC
 * axes (Z up). The viewer lines up the models of a view from these (packages/viewer georeference.ts).
 */
import { z } from 'zod';

const finite = (field: string) => z.number({ message: `${field} must be a number` }).finite();

export const ModelGeoreferenceSchema = z.object({
  /** IFC4 IfcMapConversion: the project's origin on a projected CRS, and how its x axis turns */
  mapConversion: z
    .object({
      eastings: finite('eastings'),
      northings: finite('northings'),
      orthogonalHeight: finite('orthogonalHeight'),
      xAxisAbscissa: finite('xAxisAbscissa'),
      xAxisOrdinate: finite('xAxisOrdinate'),
      /** map metres per model metre */
      scale: finite('scale').positive('scale must be above 0'),
      /** the IfcProjectedCRS's Name (e.g. EPSG:25832), when given */
      crs: z.string().max(200).nullable(),
    })
    .nullable(),
  /** IfcSite: RefLatitude/RefLongitude (decimal degrees) and RefElevation at the site's origin (IFC coordinates) */
  site: z
    .object({
      latitude: finite('latitude').min(-90).max(90),
      longitude: finite('longitude').min(-180).max(180),
      elevation: finite('elevation'),
      origin: z.object({ x: finite('x'), y: finite('y'), z: finite('z') }),
    })
    .nullable(),
  /** the model context's TrueNorth: degrees from the project's +Y clockwise in plan, or null */
  trueNorth: finite('trueNorth').nullable(),
});
export type ModelGeoreference = z.infer<typeof ModelGeoreferenceSchema>;
