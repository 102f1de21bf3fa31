/**
 * What the splitter does with each IFC class, from web-ifc's schema tables (IFC2X3, IFC4, IFC4X3 together):
 * elements (products other than the spatial structure) are divided among the parts; the spatial structure,
 * the project, type objects, groups and the other objects are the context every part holds; relationships are
 * divided with their members; property definitions go wherever something uses them; all else (placements,
 * geometry, units, styles…) goes with what references it.
 */
import * as WebIfc from 'web-ifc';

export const enum Kind {
  Resource = 0,
  Element = 1,
  Context = 2,
  Relationship = 3,
  Definition = 4,
}

const NAMES = new Map<number, string>();
for (const [name, value] of Object.entries(WebIfc))
  if (/^IFC[A-Z0-9]+$/.test(name) && typeof value === 'number') NAMES.set(value, name);

const inheritance = (WebIfc as unknown as { InheritanceDef: Record<string, Record<number, number[]>> })
  .InheritanceDef;

/** The class and its subclasses in any schema, by name. */
function family(...roots: number[]): Set<string> {
  const out = new Set<string>();
  for (const root of roots) {
    const rootName = NAMES.get(root);
    if (rootName) out.add(rootName);
    for (const schema of Object.values(inheritance))
      for (const code of schema[root] ?? []) {
        const name = NAMES.get(code);
        if (name) out.add(name);
      }
  }
  return out;
}

const SPATIAL = family(
  WebIfc.IFCSPATIALELEMENT,
  WebIfc.IFCSPATIALSTRUCTUREELEMENT,
  WebIfc.IFCCONTEXT,
  WebIfc.IFCPROJECT,
);
const PRODUCTS = family(WebIfc.IFCPRODUCT);
const OBJECTS = family(WebIfc.IFCOBJECTDEFINITION);
const RELATIONSHIPS = family(WebIfc.IFCRELATIONSHIP);
const DEFINITIONS = family(WebIfc.IFCPROPERTYDEFINITION);

/** The kind of a class (its name in upper case). */
export function kindOf(name: string): Kind {
  if (RELATIONSHIPS.has(name)) return Kind.Relationship;
  if (SPATIAL.has(name)) return Kind.Context;
  if (PRODUCTS.has(name)) return Kind.Element;
  if (DEFINITIONS.has(name)) return Kind.Definition;
  if (OBJECTS.has(name)) return Kind.Context;
  return Kind.Resource;
}
