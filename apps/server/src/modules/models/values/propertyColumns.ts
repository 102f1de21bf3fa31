/**
 * One property's values for every object of a model, in columns: built from the objects' stored property lists
 * (model_objects.properties) so that colouring by a property reads one row instead of every object.
 */

/** One property (set and name) of a model's objects: entry i of `values` belongs to `localIds[i]`. */
export interface PropertyColumn {
  setName: string;
  name: string;
  localIds: number[];
  values: string[];
}

/** The stored form of one property of an object (model_objects.properties holds a JSON list of them). */
interface StoredProperty {
  displayName?: unknown;
  displayValue?: unknown;
  displayCategory?: unknown;
}

const KEY_SEPARATOR = '\u0000';

/**
 * Collects the columns object by object (in ascending localId, as read in batches). An object's first value of a
 * set and name wins (an occurrence's own value is listed before its type's); an empty value is no value.
 */
export class PropertyColumnsBuilder {
  private readonly columns = new Map<string, PropertyColumn>();

  add(localId: number, propertiesJson: string): void {
    let list: unknown;
    try {
      list = JSON.parse(propertiesJson);
    } catch {
      return;
    }
    if (!Array.isArray(list)) return;
    const seen = new Set<string>();
    for (const property of list as StoredProperty[]) {
      if (!property || typeof property.displayName !== 'string' || property.displayName === '') continue;
      const value = valueText(property.displayValue);
      if (value === '') continue;
      const setName = typeof property.displayCategory === 'string' ? property.displayCategory : '';
      const key = `${setName}${KEY_SEPARATOR}${property.displayName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let column = this.columns.get(key);
      if (!column) {
        column = { setName, name: property.displayName, localIds: [], values: [] };
        this.columns.set(key, column);
      }
      column.localIds.push(localId);
      column.values.push(value);
    }
  }

  /** Every property met, by set name then name. */
  build(): PropertyColumn[] {
    return [...this.columns.values()].sort(
      (a, b) => compareText(a.setName, b.setName) || compareText(a.name, b.name),
    );
  }
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One value per object from several columns of the same property name (in different sets): the first column
 * listed wins for an object that has the name in several sets. Ordered by localId.
 */
export function mergeColumns(columns: readonly Pick<PropertyColumn, 'localIds' | 'values'>[]) {
  const byObject = new Map<number, string>();
  for (const column of columns) {
    column.localIds.forEach((localId, i) => {
      if (!byObject.has(localId)) byObject.set(localId, column.values[i] ?? '');
    });
  }
  return [...byObject.entries()].sort((a, b) => a[0] - b[0]).map(([localId, value]) => ({ localId, value }));
}
