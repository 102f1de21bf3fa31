/** The IFC class mapping as a Markdown table (docs/ifc-categories.md is this text; a test keeps them equal). */
import { IFC_CATEGORY_RULES } from './ifcClasses.ts';

export function ifcCategoriesMarkdown(): string {
  const rows = IFC_CATEGORY_RULES.map((rule) => {
    const when = [
      rule.predefinedTypes ? `PredefinedType ${rule.predefinedTypes.join(', ')}` : '',
      rule.keywords ? `type or name contains ${rule.keywords.map((k) => `'${k}'`).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return `| ${rule.entity} | ${when || 'any'} | ${rule.category} |`;
  });
  return [
    '# Categories from IFC classes',
    '',
    "An object's category is its 'P&ID Class' matched with the asset-type catalogue. An object without one gets",
    'the category of the first row below that matches its IFC entity (IFC2X3 flow and distribution elements count',
    'as the entity their type object names: an IfcFlowController typed by IfcValveType is an IfcValve;',
    "'...StandardCase' entities as their supertype), and the properties panel says 'from IFC class'. An object",
    "that matches no row reads 'Error - Object needs a P&ID Class'. The rows are data in",
    '`packages/shared/src/catalogue/ifcClasses.ts`; this page is generated from them',
    '(`npx tsx tools/docs/ifcCategories.ts`) and a unit test keeps it current.',
    '',
    '| IFC entity | when | category |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
