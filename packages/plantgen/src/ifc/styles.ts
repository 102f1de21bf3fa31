/**
 * IFC4 presentation styles: one IfcSurfaceStyle (IfcSurfaceStyleShading with an IfcColourRgb) per palette
 * entry, written the first time a solid uses it and shared by every IfcStyledItem of that colour.
 */
import { PALETTE, type StyleKey } from '../plant/palette.ts';
import { NULL, enumValue, real, ref, str, type StepWriter } from './step.ts';

export class StyleWriter {
  private readonly ids = new Map<StyleKey, number>();

  constructor(private readonly w: StepWriter) {}

  /** The IfcSurfaceStyle of a palette entry. */
  style(key: StyleKey): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const { name, reference, rgb } = PALETTE[key];
    const [r, g, b] = rgb.map((c) => real(c / 255));
    const colour = this.w.add('IFCCOLOURRGB', str(reference), r as string, g as string, b as string);
    const shading = this.w.add('IFCSURFACESTYLESHADING', ref(colour), real(0));
    const id = this.w.add(
      'IFCSURFACESTYLE',
      str(`${name} (${reference})`),
      enumValue('BOTH'),
      `(${ref(shading)})`,
    );
    this.ids.set(key, id);
    return id;
  }

  /** Attaches a style to a representation item. */
  styleItem(item: number, key: StyleKey): number {
    return this.w.add('IFCSTYLEDITEM', ref(item), `(${ref(this.style(key))})`, NULL);
  }
}
