/** Writes docs/ifc-categories.md from the mapping data in packages/shared. */
import fs from 'node:fs';
import path from 'node:path';
import { ifcCategoriesMarkdown } from '../../packages/shared/src/catalogue/ifcClassesDoc.ts';

fs.writeFileSync(path.resolve(import.meta.dirname, '../../docs/ifc-categories.md'), ifcCategoriesMarkdown());
