// A symbol's or pipeline's static properties in the properties pane (issue 37 §2): the names the catalogue
// gives the symbol's kind (StaticProps1…7) and those the legend's static property guide lists for its class,
// each with the guide's values to choose from.
import type { StaticPropertyGuideRow } from '../../legend/legend.ts';
import { STATIC_PROPERTY_LABELS, staticPropertyKind, type StaticPropertyKind } from '../../symbols/groups.ts';

/** The guide's class names (before any '(…)') for each named symbol kind. */
const GUIDE_CLASS: Record<StaticPropertyKind, string> = {
  pipeline: 'Pipeline',
  butterflyValve: 'Butterfly Valve',
  gateValve: 'Gate Valve',
  levelInstrument: 'Level Instrument',
  flowInstrument: 'Flow Instrument',
  pressureInstrument: 'Pressure Instrument',
  qualityInstrument: 'Quality Instrument',
  orificePlate: 'Flow Instrument',
};

export interface StaticPropertyField {
  name: string;
  /** the guide's values for it ('' choices are free text) */
  options: string[];
}

const baseClass = (className: string) =>
  className
    .replace(/\s*\(.*\)\s*$/, '')
    .trim()
    .toLowerCase();

/**
 * The static property fields of a symbol of `group` named `name` ('Pipelines' and a pipeline kind for a
 * pipeline): the catalogue's labels first, then the guide's other property names for the class, each with
 * the guide's values (in guide order, without repeats).
 */
export function staticPropertyFields(
  group: string,
  name: string,
  guide: readonly StaticPropertyGuideRow[],
): StaticPropertyField[] {
  const kind = staticPropertyKind(group, name);
  if (!kind) return [];
  const base = GUIDE_CLASS[kind].toLowerCase();
  const rows = guide.filter((row) => baseClass(row.ClassName) === base);
  const names = [...new Set([...STATIC_PROPERTY_LABELS[kind], ...rows.map((row) => row.PropertyName)])];
  return names.map((fieldName) => ({
    name: fieldName,
    options: [...new Set(rows.filter((row) => row.PropertyName === fieldName).map((row) => row.Value))],
  }));
}
