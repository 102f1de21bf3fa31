import { IFC_CATEGORY_RULES } from '@penstock/shared';

/** The datalists the editor's fields suggest from (typing anything else is allowed). */
export const ENTITY_LIST = 'ids-entity-suggestions';
export const ATTRIBUTE_LIST = 'ids-attribute-suggestions';
export const DATA_TYPE_LIST = 'ids-datatype-suggestions';

/** The IFC classes Penstock's catalogue knows (ifcClasses.ts) and the spatial ones, as IDS writes them. */
export const ENTITY_SUGGESTIONS: readonly string[] = [
  ...new Set([
    ...IFC_CATEGORY_RULES.map((rule) => rule.entity.toUpperCase()),
    'IFCBUILDINGELEMENTPROXY',
    'IFCSPACE',
    'IFCBUILDINGSTOREY',
    'IFCBUILDING',
    'IFCSITE',
    'IFCSYSTEM',
    'IFCDISTRIBUTIONSYSTEM',
    'IFCELEMENTASSEMBLY',
  ]),
].sort();

const ATTRIBUTE_SUGGESTIONS = ['Name', 'Description', 'ObjectType', 'Tag', 'LongName', 'PredefinedType'];

/** IFC data types a property is commonly given (measures in SI units, as IDS compares them). */
export const DATA_TYPE_SUGGESTIONS = [
  'IFCLABEL',
  'IFCTEXT',
  'IFCIDENTIFIER',
  'IFCBOOLEAN',
  'IFCLOGICAL',
  'IFCINTEGER',
  'IFCREAL',
  'IFCCOUNTMEASURE',
  'IFCDATE',
  'IFCDATETIME',
  'IFCLENGTHMEASURE',
  'IFCPOSITIVELENGTHMEASURE',
  'IFCAREAMEASURE',
  'IFCVOLUMEMEASURE',
  'IFCMASSMEASURE',
  'IFCPRESSUREMEASURE',
  'IFCPOWERMEASURE',
  'IFCVOLUMETRICFLOWRATEMEASURE',
  'IFCMASSFLOWRATEMEASURE',
  'IFCELECTRICCURRENTMEASURE',
  'IFCELECTRICVOLTAGEMEASURE',
  'IFCFREQUENCYMEASURE',
  'IFCROTATIONALFREQUENCYMEASURE',
  'IFCTHERMODYNAMICTEMPERATUREMEASURE',
  'IFCPLANEANGLEMEASURE',
  'IFCRATIOMEASURE',
  'IFCPOSITIVERATIOMEASURE',
] as const;

/** The datalists, rendered once in the editor. */
export function IdsSuggestions() {
  const list = (id: string, values: readonly string[]) => (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
  return (
    <>
      {list(ENTITY_LIST, ENTITY_SUGGESTIONS)}
      {list(ATTRIBUTE_LIST, ATTRIBUTE_SUGGESTIONS)}
      {list(DATA_TYPE_LIST, DATA_TYPE_SUGGESTIONS)}
    </>
  );
}
