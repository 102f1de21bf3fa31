import type { ValueRef } from '@penstock/viewer/appearance';
import { apiFetch } from '../../../../base/api.ts';

/** The colour-by calls of docs/api.md ('Models': property-names, property-values). */

/** A property of a model's objects and how many objects have a value of it. */
export interface PropertyName {
  set: string;
  name: string;
  count: number;
}

export type ObjectAttribute = 'category' | 'ifcClass' | 'storey';

/** What the objects can be coloured by: an attribute of the object index, or a property (of a set). */
export type ColourSource =
  { kind: 'attribute'; attribute: ObjectAttribute } | { kind: 'property'; set: string; name: string };

/** A choice of the Colour by list. */
export interface ColourOption {
  /** the select's value */
  key: string;
  /** what the option reads, and the legend's title */
  label: string;
  /** the optgroup: 'Object' for attributes, else the property set's name */
  group: string;
  /** how many objects of the view have a value (properties) */
  count?: number;
  source: ColourSource;
}

export const ATTRIBUTE_OPTIONS: ColourOption[] = [
  {
    key: 'attribute:category',
    label: 'Category',
    group: 'Object',
    source: { kind: 'attribute', attribute: 'category' },
  },
  {
    key: 'attribute:ifcClass',
    label: 'IFC class',
    group: 'Object',
    source: { kind: 'attribute', attribute: 'ifcClass' },
  },
  {
    key: 'attribute:storey',
    label: 'Storey',
    group: 'Object',
    source: { kind: 'attribute', attribute: 'storey' },
  },
];

const modelUrl = (versionId: string) => `/api/models/${encodeURIComponent(versionId)}`;

export const propertyNamesKey = (versionId: string) => ['models', versionId, 'property-names'] as const;

export const fetchPropertyNames = (versionId: string) =>
  apiFetch<{ properties: PropertyName[] }>(`${modelUrl(versionId)}/property-names`).then((a) => a.properties);

export const propertyValuesKey = (versionId: string, source: ColourSource) =>
  ['models', versionId, 'property-values', source] as const;

/** Every object's value of the source in a model version, as the viewer's objects of that model. */
export async function fetchColourValues(versionId: string, source: ColourSource): Promise<ValueRef[]> {
  const query =
    source.kind === 'attribute'
      ? `attribute=${source.attribute}`
      : `set=${encodeURIComponent(source.set)}&name=${encodeURIComponent(source.name)}`;
  const { values } = await apiFetch<{ values: { localId: number; value: string }[] }>(
    `${modelUrl(versionId)}/property-values?${query}`,
  );
  const model = `urn:${versionId}`;
  return values.map(({ localId, value }) => ({ model, localId, value }));
}

/**
 * The Colour by choices for the models of a view: the object attributes, then each property met in any
 * model, by set then name, with its objects counted over the models. A name in several sets says its set.
 */
export function colourOptions(namesPerModel: readonly (readonly PropertyName[])[]): ColourOption[] {
  const merged = new Map<string, PropertyName>();
  for (const names of namesPerModel) {
    for (const { set, name, count } of names) {
      const key = JSON.stringify([set, name]);
      const known = merged.get(key);
      if (known) known.count += count;
      else merged.set(key, { set, name, count });
    }
  }
  const properties = [...merged.values()].sort(
    (a, b) => a.set.localeCompare(b.set) || a.name.localeCompare(b.name),
  );
  const setsOf = new Map<string, number>();
  for (const { name } of properties) setsOf.set(name, (setsOf.get(name) ?? 0) + 1);
  return [
    ...ATTRIBUTE_OPTIONS,
    ...properties.map(({ set, name, count }) => ({
      key: `property:${JSON.stringify([set, name])}`,
      label: (setsOf.get(name) ?? 0) > 1 ? `${name} (${set || 'no set'})` : name,
      group: set || 'Properties',
      count,
      source: { kind: 'property' as const, set, name },
    })),
  ];
}
