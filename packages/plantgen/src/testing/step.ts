/** A small reader of the generator's STEP output for tests: entities by id, their references and strings. */

export interface StepEntity {
  readonly type: string;
  /** The text between the outer parentheses. */
  readonly args: string;
}

export function readStep(text: string): Map<number, StepEntity> {
  const entities = new Map<number, StepEntity>();
  for (const m of text.matchAll(/^#(\d+)=([A-Z0-9]+)\((.*)\);$/gm))
    entities.set(Number(m[1]), { type: m[2] as string, args: m[3] as string });
  return entities;
}

/** The entity ids an entity refers to, in order. */
export function refsOf(entity: StepEntity | undefined): number[] {
  return entity ? [...entity.args.matchAll(/#(\d+)/g)].map((m) => Number(m[1])) : [];
}

/** Ids of the entities of one type. */
export function idsOf(entities: Map<number, StepEntity>, type: string): number[] {
  return [...entities].filter(([, e]) => e.type === type).map(([id]) => id);
}

/**
 * For an element: its property set values by name (string values unquoted, reals as numbers), read through
 * IfcRelDefinesByProperties.
 */
export function propertiesByElement(
  entities: Map<number, StepEntity>,
): Map<number, Map<string, string | number>> {
  const out = new Map<number, Map<string, string | number>>();
  for (const [, rel] of entities) {
    if (rel.type !== 'IFCRELDEFINESBYPROPERTIES') continue;
    const ids = refsOf(rel);
    const pset = ids[ids.length - 1] as number;
    const elements = ids.slice(1, -1);
    const values = new Map<string, string | number>();
    for (const p of refsOf(entities.get(pset)).slice(1)) {
      const m = /^'([^']*)',\$,IFC(LABEL|REAL)\((.*)\),\$$/.exec(entities.get(p)?.args ?? '');
      if (m) values.set(m[1] as string, m[2] === 'REAL' ? Number(m[3]) : (m[3] as string).slice(1, -1));
    }
    for (const element of elements) out.set(element, values);
  }
  return out;
}
