// The P&ID legend's reference data (spec 3, §3 and §9): fluid codes, pipe materials and the static
// property guide that tells an engineer which values each symbol class's properties take.
import { z } from 'zod';

/** One fluid code of the line numbering: 'RS' Raw Sewage. */
export const FluidCodeSchema = z.strictObject({
  fluidCode: z
    .string()
    .regex(/^[A-Z]{2,4}$/, 'fluidCode must be 2 to 4 upper-case letters, such as RS or FE'),
  fluidDescription: z.string().trim().min(1, 'fluidDescription is required'),
});
export type FluidCode = z.infer<typeof FluidCodeSchema>;

/** One pipe material of the line numbering: 'DISF' Ductile iron PN16, flanged. */
export const PipeMaterialSchema = z.strictObject({
  materialCode: z
    .string()
    .regex(
      /^[A-Z0-9][A-Z0-9-]{0,11}$/,
      'materialCode must be 1 to 12 upper-case letters, digits or hyphens, such as DISF or PE100-11U',
    ),
  materialDescription: z.string().trim().min(1, 'materialDescription is required'),
});
export type PipeMaterial = z.infer<typeof PipeMaterialSchema>;

/** One row of the static property guide: a value a property of a symbol class may take. */
export const StaticPropertyGuideRowSchema = z.strictObject({
  ClassName: z.string().trim().min(1, 'ClassName is required'),
  PropertyName: z.string().trim().min(1, 'PropertyName is required'),
  Value: z.string().trim().min(1, 'Value is required'),
});
export type StaticPropertyGuideRow = z.infer<typeof StaticPropertyGuideRowSchema>;

/** Adds an issue at `<list>.<index>[.<field>]` for every code seen earlier in the list, naming it. */
function refuseDuplicates(
  ctx: z.RefinementCtx,
  codes: readonly string[],
  list: string,
  field: string | null,
  what: string,
): void {
  const seen = new Map<string, number>();
  codes.forEach((code, index) => {
    const first = seen.get(code);
    if (first === undefined) seen.set(code, index);
    else
      ctx.addIssue({
        code: 'custom',
        path: field ? [list, index, field] : [list, index],
        message: `duplicate ${what} '${code}' (also at ${list}.${first})`,
      });
  });
}

/** The legend in use: `<data>/config/legend.json` when valid, else the shipped default. */
export const LegendDataSchema = z
  .strictObject({
    version: z.literal(1),
    fluidCodes: z.array(FluidCodeSchema).min(1, 'fluidCodes needs at least one fluid code'),
    pipeMaterials: z.array(PipeMaterialSchema).min(1, 'pipeMaterials needs at least one pipe material'),
    staticPropertyGuide: z.array(StaticPropertyGuideRowSchema),
  })
  .superRefine((legend, ctx) => {
    const fluids = legend.fluidCodes.map((row) => row.fluidCode);
    refuseDuplicates(ctx, fluids, 'fluidCodes', 'fluidCode', 'fluid code');
    const materials = legend.pipeMaterials.map((row) => row.materialCode);
    refuseDuplicates(ctx, materials, 'pipeMaterials', 'materialCode', 'pipe material code');
    const rows = legend.staticPropertyGuide.map(
      (row) => `${row.ClassName} / ${row.PropertyName} / ${row.Value}`,
    );
    refuseDuplicates(ctx, rows, 'staticPropertyGuide', null, 'static property guide row');
  });
export type LegendData = z.infer<typeof LegendDataSchema>;
