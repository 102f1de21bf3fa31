import { useState } from 'react';
import type { IdsFailingObject, IdsRequirementFailure } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useIdsFailures } from '../api.ts';

/** How many failing objects a specification lists at once (the search narrows them). */
export const FAILURES_PAGE = 100;

const FACET_WORDS: Record<IdsRequirementFailure['facet'], string> = {
  entity: 'Class',
  attribute: 'Attribute',
  property: 'Property',
  classification: 'Classification',
  material: 'Material',
  partOf: 'Part of',
};

/** One failed requirement: what it is about, what was expected and what was found. */
export function FailureLine({ failure }: { failure: IdsRequirementFailure }) {
  return (
    <li>
      <span className="text-body-secondary">{FACET_WORDS[failure.facet]}:</span> {failure.expected}
      <span className="d-block ids-found">
        <span className="text-body-secondary">Found:</span> {failure.found}
      </span>
    </li>
  );
}

export const objectTitle = (object: Pick<IdsFailingObject, 'name' | 'ifcClass' | 'globalId' | 'expressId'>) =>
  object.name || object.globalId || `#${object.expressId}`;

/**
 * The failing objects of one specification, a page at a time with a search: each with the requirements it
 * failed (expected and found); a click selects and frames it in the model.
 */
export function FailingObjects({
  projectId,
  checkId,
  specification,
  onChoose,
}: {
  projectId: string;
  checkId: string;
  specification: number;
  onChoose: (object: IdsFailingObject) => void;
}) {
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(FAILURES_PAGE);
  const [chosen, setChosen] = useState<number | null>(null);
  const page = useIdsFailures(projectId, checkId, specification, { offset: 0, limit, search });
  const objects = page.data?.objects ?? [];
  return (
    <div className="ids-failures mt-1">
      <input
        type="search"
        className="form-control form-control-sm mb-1"
        placeholder="Search name, class or GlobalId"
        aria-label="Search failing objects"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setLimit(FAILURES_PAGE);
        }}
      />
      {page.isPending && <p className="small mb-1">Loading the failing objects…</p>}
      {page.isError && <ErrorAlert title="The failing objects could not be loaded." error={page.error} />}
      {page.data && page.data.total === 0 && (
        <p className="small text-body-secondary mb-1">
          {search ? 'No failing object matches.' : 'No failing object.'}
        </p>
      )}
      <ul className="list-group ids-failure-list" aria-label="Failing objects">
        {objects.map((object) => (
          <li
            key={object.expressId}
            className={`list-group-item px-2 py-1 ${chosen === object.expressId ? 'ids-chosen' : ''}`}
          >
            <button
              type="button"
              className="btn btn-link btn-sm p-0 text-start ids-object"
              title={`Select ${objectTitle(object)} in the model`}
              onClick={() => {
                setChosen(object.expressId);
                onChoose(object);
              }}
            >
              {objectTitle(object)}
            </button>
            <span className="small text-body-secondary ms-1">{object.ifcClass}</span>
            <ul className="small mb-0 ps-3 ids-failure-reasons">
              {object.failures.map((failure, i) => (
                <FailureLine key={i} failure={failure} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {page.data && page.data.total > objects.length && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 mt-1"
          onClick={() => setLimit(limit + FAILURES_PAGE)}
        >
          Show more ({objects.length} of {page.data.total})
        </button>
      )}
    </div>
  );
}
