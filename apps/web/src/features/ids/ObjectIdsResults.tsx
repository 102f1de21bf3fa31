import { useState } from 'react';
import { FaCircleCheck, FaCircleXmark } from 'react-icons/fa6';
import type { IdsObjectSpecificationResult } from '@penstock/shared';
import { useModelInfo } from '../models/hooks/useModelInfo.ts';
import { useIdsObjectResults } from './api.ts';
import { FailureLine } from './panel/FailingObjects.tsx';

export const OBJECT_IDS_TITLE = 'Information requirements';

/** Failing specifications first, then the passing ones, each group in the files' order. */
export const failingFirst = (results: readonly IdsObjectSpecificationResult[]) =>
  [...results].sort((a, b) => Number(a.pass) - Number(b.pass));

const resultKey = (result: IdsObjectSpecificationResult) => `${result.checkId}:${result.specification}`;

/**
 * The selected object's information requirements in the properties panel (issue 36 §3), under its identity:
 * each specification it fails with what was expected and what was found, then the ones it passes (listed on
 * demand). Nothing shows when no IDS applies to the object.
 */
export function ObjectIdsResults({ versionId, localId }: { versionId: string; localId: number }) {
  const projectId = useModelInfo(versionId).data?.projectId;
  const results = useIdsObjectResults(projectId, versionId, localId);
  const [showPassing, setShowPassing] = useState(false);
  const list = results.data?.results ?? [];
  if (list.length === 0) return null;
  const failing = failingFirst(list).filter((result) => !result.pass);
  const passing = list.filter((result) => result.pass);
  return (
    <section className="ids-object-results mb-2" aria-label={OBJECT_IDS_TITLE}>
      <h3 className="h6 mb-1 small fw-semibold">
        {OBJECT_IDS_TITLE}{' '}
        <span className={`badge ${failing.length ? 'text-bg-danger' : 'text-bg-success'}`}>
          {failing.length ? `${failing.length} failing` : `passes all ${passing.length}`}
        </span>
      </h3>
      <ul className="list-unstyled small mb-1">
        {failing.map((result) => (
          <li key={resultKey(result)} className="mb-1">
            <FaCircleXmark className="text-danger me-1" aria-label="Fails" />
            {result.specificationName}
            <span className="text-body-secondary"> · {result.idsFileName}</span>
            <ul className="ps-3 mb-0 ids-failure-reasons">
              {result.failures.map((failure, i) => (
                <FailureLine key={i} failure={failure} />
              ))}
            </ul>
          </li>
        ))}
        {passing.length > 0 && failing.length > 0 && (
          <li>
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              aria-expanded={showPassing}
              onClick={() => setShowPassing(!showPassing)}
            >
              {showPassing ? 'Hide' : 'Show'} the {passing.length} passing
            </button>
          </li>
        )}
        {(showPassing || failing.length === 0) &&
          passing.map((result) => (
            <li key={resultKey(result)}>
              <FaCircleCheck className="text-success me-1" aria-label="Passes" />
              {result.specificationName}
            </li>
          ))}
      </ul>
    </section>
  );
}
