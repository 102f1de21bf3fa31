import { FaTrashCan } from 'react-icons/fa6';
import {
  PART_OF_RELATIONS,
  type Cardinality,
  type Facet,
  type IdsValue,
  type PartOfRelation,
} from '@penstock/ids/document';
import { FACET_LABELS, type Clause } from './idsEditorState.ts';
import { ValueField } from './ValueField.tsx';
import { ATTRIBUTE_LIST, DATA_TYPE_LIST, ENTITY_LIST } from './suggestions.tsx';

const CARDINALITY_LABELS: Record<Cardinality, string> = {
  required: 'Required',
  optional: 'Optional (checked when given)',
  prohibited: 'Prohibited',
};

const RELATION_LABELS: Record<PartOfRelation, string> = {
  IFCRELAGGREGATES: 'an assembly (aggregation)',
  IFCRELASSIGNSTOGROUP: 'a group or system',
  IFCRELCONTAINEDINSPATIALSTRUCTURE: 'a storey, building or space (containment)',
  IFCRELNESTS: 'a nesting parent',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT': 'an opening it fills',
};

/** One facet of a specification's applicability or requirements: its fields and, for a requirement, its cardinality. */
export function FacetEditor({
  facet,
  clause,
  onChange,
  onRemove,
}: {
  facet: Facet;
  clause: Clause;
  onChange: (facet: Facet) => void;
  onRemove: () => void;
}) {
  const label = FACET_LABELS[facet.facet];
  const requirement = clause === 'requirements';
  const cardinalities: Cardinality[] =
    facet.facet === 'partOf' ? ['required', 'prohibited'] : ['required', 'optional', 'prohibited'];
  return (
    <section
      className="card ids-facet mb-2"
      aria-label={`${label} ${requirement ? 'requirement' : 'condition'}`}
    >
      <div className="card-header d-flex align-items-center gap-2 py-1 px-2">
        <strong className="small me-auto">{label}</strong>
        {requirement && facet.facet !== 'entity' && (
          <select
            className="form-select form-select-sm w-auto"
            aria-label={`${label}: cardinality`}
            value={facet.cardinality}
            onChange={(event) => onChange({ ...facet, cardinality: event.target.value as Cardinality })}
          >
            {cardinalities.map((c) => (
              <option key={c} value={c}>
                {CARDINALITY_LABELS[c]}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={`Remove the ${label.toLowerCase()} ${requirement ? 'requirement' : 'condition'}`}
          title="Remove"
          onClick={onRemove}
        >
          <FaTrashCan aria-hidden="true" />
        </button>
      </div>
      <div className="card-body py-2 px-2">
        <FacetFields facet={facet} onChange={onChange} />
      </div>
    </section>
  );
}

function FacetFields({ facet, onChange }: { facet: Facet; onChange: (facet: Facet) => void }) {
  const required = (value: IdsValue | undefined): IdsValue => value ?? { kind: 'simple', value: '' };
  switch (facet.facet) {
    case 'entity':
      return (
        <div className="ids-fields">
          <ValueField
            label="IFC class"
            value={facet.name}
            suggestions={ENTITY_LIST}
            capitals
            placeholder="IFCPUMP"
            onChange={(name) => onChange({ ...facet, name: required(name) })}
          />
          <ValueField
            label="Predefined type"
            optional
            capitals
            value={facet.predefinedType}
            placeholder="CIRCULATOR"
            onChange={(predefinedType) => {
              const { predefinedType: _old, ...rest } = facet;
              onChange(predefinedType ? { ...rest, predefinedType } : rest);
            }}
          />
        </div>
      );
    case 'attribute':
      return (
        <div className="ids-fields">
          <ValueField
            label="Attribute"
            value={facet.name}
            suggestions={ATTRIBUTE_LIST}
            placeholder="Name"
            onChange={(name) => onChange({ ...facet, name: required(name) })}
          />
          <OptionalValue facet={facet} label="Value" onChange={onChange} />
        </div>
      );
    case 'property':
      return (
        <div className="ids-fields">
          <ValueField
            label="Property set"
            value={facet.propertySet}
            placeholder="Pset_PumpTypeCommon"
            onChange={(propertySet) => onChange({ ...facet, propertySet: required(propertySet) })}
          />
          <ValueField
            label="Property"
            value={facet.baseName}
            placeholder="FlowRateRange"
            onChange={(baseName) => onChange({ ...facet, baseName: required(baseName) })}
          />
          <div className="mb-2">
            <label className="form-label small mb-1">
              Data type
              <input
                className="form-control form-control-sm ids-value-input"
                list={DATA_TYPE_LIST}
                placeholder="any data type"
                value={facet.dataType ?? ''}
                onChange={(event) => {
                  const { dataType: _old, ...rest } = facet;
                  const typed = event.target.value.toUpperCase().replace(/\s+/g, '');
                  onChange(typed ? { ...rest, dataType: typed } : rest);
                }}
              />
            </label>
          </div>
          <OptionalValue facet={facet} label="Value" onChange={onChange} />
        </div>
      );
    case 'classification':
      return (
        <div className="ids-fields">
          <ValueField
            label="System"
            value={facet.system}
            placeholder="Uniclass 2015"
            onChange={(system) => onChange({ ...facet, system: required(system) })}
          />
          <OptionalValue facet={facet} label="Reference" onChange={onChange} />
        </div>
      );
    case 'material':
      return (
        <div className="ids-fields">
          <OptionalValue facet={facet} label="Material" onChange={onChange} />
        </div>
      );
    case 'partOf':
      return (
        <div className="ids-fields">
          <div className="mb-2">
            <label className="form-label small mb-1">
              Part of
              <select
                className="form-select form-select-sm"
                value={facet.relation ?? ''}
                onChange={(event) => {
                  const { relation: _old, ...rest } = facet;
                  const relation = event.target.value as PartOfRelation | '';
                  onChange(relation ? { ...rest, relation } : rest);
                }}
              >
                <option value="">anything it belongs to</option>
                {PART_OF_RELATIONS.map((relation) => (
                  <option key={relation} value={relation}>
                    {RELATION_LABELS[relation]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ValueField
            label="Whole's IFC class"
            value={facet.entity.name}
            suggestions={ENTITY_LIST}
            capitals
            onChange={(name) => onChange({ ...facet, entity: { ...facet.entity, name: required(name) } })}
          />
          <ValueField
            label="Whole's predefined type"
            optional
            capitals
            value={facet.entity.predefinedType}
            onChange={(predefinedType) => {
              const { predefinedType: _old, ...entity } = facet.entity;
              onChange({ ...facet, entity: predefinedType ? { ...entity, predefinedType } : entity });
            }}
          />
        </div>
      );
  }
}

type WithValue = Extract<Facet, { value?: IdsValue }>;

/** The value a facet may leave out (attribute, property, classification reference, material). */
function OptionalValue<F extends WithValue>({
  facet,
  label,
  onChange,
}: {
  facet: F;
  label: string;
  onChange: (facet: Facet) => void;
}) {
  return (
    <ValueField
      label={label}
      optional
      value={facet.value}
      onChange={(value) => {
        const { value: _old, ...rest } = facet;
        onChange((value ? { ...rest, value } : rest) as Facet);
      }}
    />
  );
}
