import {
  specificationUsage,
  type Facet,
  type IdsDocument,
  type IdsValue,
  type Specification,
} from '@penstock/ids/document';
import { FACET_LABELS } from './idsEditorState.ts';
import { valueProblem } from './valueForm.ts';

/**
 * What must be put right before the editor saves: what IDS 1.0's schema requires (a title, names, an IFC
 * version, an author as an e-mail address, a date as yyyy-mm-dd, data types in capitals) and what the audit
 * refuses that can be told without the IFC schemas (entity names in capitals, requirements on a prohibited
 * specification). The server checks the saved file again against the schema and the full audit.
 */
export interface EditorProblem {
  /** the specification's index, or null for the document's information */
  specification: number | null;
  message: string;
}

const AUTHOR = /^[^@]+@[^.]+\..+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function entityNameProblem(value: IdsValue, what: string): string | null {
  const texts = value.kind === 'simple' ? [value.value] : [...(value.enumeration ?? [])];
  const lower = texts.find((text) => text !== text.toUpperCase());
  return lower ? `${what}: IFC class names are written in capitals ('${lower.toUpperCase()}')` : null;
}

function facetProblems(facet: Facet, where: string): string[] {
  const label = `${where} ${FACET_LABELS[facet.facet].toLowerCase()}`;
  const found: Array<string | null> = [];
  switch (facet.facet) {
    case 'entity':
      found.push(valueProblem(facet.name, `${label} class`), entityNameProblem(facet.name, `${label} class`));
      found.push(valueProblem(facet.predefinedType, `${label} predefined type`));
      break;
    case 'partOf':
      found.push(
        valueProblem(facet.entity.name, `${label} class`),
        entityNameProblem(facet.entity.name, `${label} class`),
        valueProblem(facet.entity.predefinedType, `${label} predefined type`),
      );
      break;
    case 'attribute':
      found.push(valueProblem(facet.name, `${label} name`), valueProblem(facet.value, `${label} value`));
      break;
    case 'property':
      found.push(
        valueProblem(facet.propertySet, `${label} set`),
        valueProblem(facet.baseName, `${label} name`),
        valueProblem(facet.value, `${label} value`),
      );
      if (facet.dataType !== undefined && !/^[A-Z]+$/.test(facet.dataType))
        found.push(`${label} data type: an IFC type in capitals, such as IFCLABEL`);
      break;
    case 'classification':
      found.push(
        facet.system ? valueProblem(facet.system, `${label} system`) : `${label}: name the system`,
        valueProblem(facet.value, `${label} reference`),
      );
      break;
    case 'material':
      found.push(valueProblem(facet.value, `${label} name`));
      break;
  }
  return found.filter((problem): problem is string => problem !== null);
}

function specificationProblems(spec: Specification): string[] {
  const problems: string[] = [];
  if (!spec.name.trim()) problems.push('Give the specification a name');
  if (!spec.ifcVersion.length) problems.push('Choose at least one IFC version');
  if (!spec.applicability.length) problems.push('Say which objects it applies to');
  if (specificationUsage(spec) === 'prohibited' && spec.requirements.length)
    problems.push('A prohibited specification has no requirements');
  for (const facet of spec.applicability) problems.push(...facetProblems(facet, 'Applies to:'));
  for (const facet of spec.requirements) problems.push(...facetProblems(facet, 'Requirement:'));
  return problems;
}

export function editorProblems(document: IdsDocument): EditorProblem[] {
  const problems: EditorProblem[] = [];
  const info = (message: string) => problems.push({ specification: null, message });
  if (!document.info.title.trim()) info('Give the IDS a title');
  if (document.info.author && !AUTHOR.test(document.info.author))
    info('The author is an e-mail address (name@example.com)');
  if (document.info.date && !DATE.test(document.info.date)) info('The date is written yyyy-mm-dd');
  if (!document.specifications.length) info('Add at least one specification');
  document.specifications.forEach((spec, index) => {
    for (const message of specificationProblems(spec)) problems.push({ specification: index, message });
  });
  return problems;
}

/** The file name the editor saves under: the title made safe, with .ids. */
export function idsFileName(title: string): string {
  const base = title
    .trim()
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'Information requirements'}.ids`;
}
