import { MISSING_PID_CLASS_CATEGORY } from '@penstock/shared';
import { labelKeys, sortByLabel, TreeWriter } from './modelTree.columns.ts';
import type { ModelTree, TreeRow } from './modelTree.types.ts';

/** The group of the spaces, which have no catalogue category. */
export const SPACES_GROUP = 'Spaces';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Categories by name, the unclassified ones last (they are the ones to fix, and easy to find there). */
const categoryOrder = (a: string, b: string): number =>
  Number(a === MISSING_PID_CLASS_CATEGORY) - Number(b === MISSING_PID_CLASS_CATEGORY) ||
  Number(a === SPACES_GROUP) - Number(b === SPACES_GROUP) ||
  collator.compare(a, b);

/**
 * The category view: catalogue category › IFC class › objects. The class level is there only when a
 * category holds more than one IFC class (a 'Gate Valve' category of IfcValves needs no extra click);
 * objects without a class (an index from before classes were kept) go straight under their category.
 * The spatial structure is not listed; spaces are a group of their own.
 */
export function buildCategoryTree(rows: readonly TreeRow[]): ModelTree {
  const groups = new Map<string, Map<string, number[]>>();
  rows.forEach((row, i) => {
    if (row.kind === 'spatial') return;
    const category = row.kind === 'space' ? SPACES_GROUP : row.category || MISSING_PID_CLASS_CATEGORY;
    let classes = groups.get(category);
    if (!classes) groups.set(category, (classes = new Map()));
    const list = classes.get(row.ifc_class);
    if (list) list.push(i);
    else classes.set(row.ifc_class, [i]);
  });

  const keys = labelKeys(rows);
  const writer = new TreeWriter('category');
  for (const category of [...groups.keys()].sort(categoryOrder)) {
    const classes = groups.get(category)!;
    const categoryNode = writer.add(-1, 'g', -1, category, '', '');
    const byClass = classes.size > 1;
    for (const ifcClass of [...classes.keys()].sort(collator.compare)) {
      const members = classes.get(ifcClass)!;
      const parent =
        byClass && ifcClass ? writer.add(categoryNode, 'g', -1, ifcClass, '', ifcClass) : categoryNode;
      for (const i of sortByLabel(rows, keys, members)) writer.addRow(parent, rows[i]!);
    }
  }
  return writer.finish();
}
