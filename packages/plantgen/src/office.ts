/** Office-style attachments of the demo works: an equipment list workbook and a site photo. */
import { encodePng } from './office/png.ts';
import { paintSitePhoto } from './office/photo.ts';

export { generateEquipmentListXlsx, type EquipmentListOptions } from './office/equipment.ts';

/** A 320 x 200 RGB PNG "site photo"; the same seed gives the same bytes. */
export function generateSitePhotoPng(seed: number): Buffer {
  return encodePng(paintSitePhoto(seed));
}
