import { useId, type Dispatch } from 'react';
import { Dropdown } from 'react-bootstrap';
import type { Cardinality, Specification } from '@penstock/ids/document';
import { FacetEditor } from './FacetEditor.tsx';
import {
  FACET_LABELS,
  IFC_VERSIONS,
  USAGE_LABELS,
  addableFacets,
  specificationUsage,
  type Clause,
  type IdsEditorAction,
} from './idsEditorState.ts';

const USAGE_HINTS: Record<Cardinality, string> = {
  required: 'The model must have at least one such object, and each must meet the requirements.',
  optional: 'Each such object must meet the requirements; the model need not have any.',
  prohibited: 'The model must have no such object.',
};

const CLAUSES: Record<Clause, { title: string; hint: string; add: string }> = {
  applicability: {
    title: 'Applies to',
    hint: 'The objects this specification is about: all of these conditions hold for them.',
    add: 'Add a condition',
  },
  requirements: {
    title: 'Requirements',
    hint: 'What each of those objects must (or must not) have.',
    add: 'Add a requirement',
  },
};

/** One specification: its name, IFC versions, usage, the objects it applies to and what they must have. */
export function SpecificationEditor({
  spec,
  dispatch,
}: {
  spec: Specification;
  dispatch: Dispatch<IdsEditorAction>;
}) {
  const id = useId();
  const usage = specificationUsage(spec);
  const set = (patch: Partial<Specification>) => dispatch({ type: 'setSpecification', patch });
  // an emptied optional text is left out of the file (the reducer drops it)
  const optionalText = (key: 'description' | 'identifier', text: string) => set({ [key]: text });

  return (
    <div className="ids-specification">
      <div className="row g-2 mb-2">
        <div className="col-md-8">
          <label className="form-label small mb-1" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            className="form-control form-control-sm"
            value={spec.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
        <div className="col-md-4">
          <label className="form-label small mb-1" htmlFor={`${id}-identifier`}>
            Identifier
          </label>
          <input
            id={`${id}-identifier`}
            className="form-control form-control-sm"
            placeholder="optional, such as WA-01"
            value={spec.identifier ?? ''}
            onChange={(event) => optionalText('identifier', event.target.value)}
          />
        </div>
        <div className="col-12">
          <label className="form-label small mb-1" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="form-control form-control-sm"
            rows={2}
            value={spec.description ?? ''}
            onChange={(event) => optionalText('description', event.target.value)}
          />
        </div>
      </div>
      <div className="d-flex flex-wrap gap-4 mb-3">
        <fieldset>
          <legend className="form-label small mb-1">IFC versions</legend>
          {IFC_VERSIONS.map((version) => (
            <div key={version} className="form-check form-check-inline">
              <input
                id={`${id}-${version}`}
                type="checkbox"
                className="form-check-input"
                checked={spec.ifcVersion.includes(version)}
                onChange={(event) =>
                  set({
                    ifcVersion: IFC_VERSIONS.filter((v) =>
                      v === version ? event.target.checked : spec.ifcVersion.includes(v),
                    ),
                  })
                }
              />
              <label className="form-check-label small" htmlFor={`${id}-${version}`}>
                {version}
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend className="form-label small mb-1">Usage</legend>
          {(['required', 'optional', 'prohibited'] as const).map((u) => (
            <div key={u} className="form-check form-check-inline">
              <input
                id={`${id}-${u}`}
                type="radio"
                name={`${id}-usage`}
                className="form-check-input"
                checked={usage === u}
                onChange={() => dispatch({ type: 'setUsage', usage: u })}
              />
              <label className="form-check-label small" htmlFor={`${id}-${u}`}>
                {USAGE_LABELS[u]}
              </label>
            </div>
          ))}
          <div className="form-text mt-0">{USAGE_HINTS[usage]}</div>
        </fieldset>
      </div>
      <Clause spec={spec} clause="applicability" dispatch={dispatch} />
      {usage === 'prohibited' ? (
        <p className="small text-body-secondary">A prohibited specification has no requirements.</p>
      ) : (
        <Clause spec={spec} clause="requirements" dispatch={dispatch} />
      )}
    </div>
  );
}

function Clause({
  spec,
  clause,
  dispatch,
}: {
  spec: Specification;
  clause: Clause;
  dispatch: Dispatch<IdsEditorAction>;
}) {
  const { title, hint, add } = CLAUSES[clause];
  const facets = spec[clause];
  return (
    <section className="mb-3" aria-label={title}>
      <div className="d-flex align-items-center gap-2 mb-1">
        <h3 className="h6 mb-0 me-auto">{title}</h3>
        <Dropdown>
          <Dropdown.Toggle size="sm" variant="outline-primary" id={`ids-add-${clause}`}>
            {add}
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {addableFacets(spec, clause).map((kind) => (
              <Dropdown.Item
                key={kind}
                as="button"
                onClick={() => dispatch({ type: 'addFacet', clause, kind })}
              >
                {FACET_LABELS[kind]}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        </Dropdown>
      </div>
      <p className="small text-body-secondary mb-2">{hint}</p>
      {facets.length === 0 && (
        <p className="small fst-italic">
          {clause === 'applicability' ? 'No condition yet: add the class of object.' : 'No requirement yet.'}
        </p>
      )}
      {facets.map((facet, index) => (
        <FacetEditor
          key={`${facet.facet}-${index}`}
          facet={facet}
          clause={clause}
          onChange={(next) => dispatch({ type: 'setFacet', clause, index, facet: next })}
          onRemove={() => dispatch({ type: 'removeFacet', clause, index })}
        />
      ))}
    </section>
  );
}
