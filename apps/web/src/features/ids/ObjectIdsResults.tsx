import { FaCircleCheck, FaCircleXmark } from 'react-icons/fa6';
import type { IdsObjectSpecificationResult } from '@penstock/shared';
import { useModelInfo } from '../models/hooks/useModelInfo.ts';
import { useIdsObjectResults } from './api.ts';
import { FailureLine } from './panel/FailingObjects.tsx';

export const OBJECT_IDS_TITLE = 'Information requirements';

/** Failing specifications first, then the passing ones, each group in the files' order. */
export const failingFirst = (results: readonly IdsObjectSpecificationResult[]) =>
  [...results].sort((a, b) => Number(a.pass) - Number(b.pass));

/**
 * The selected object's information requirements in the properties panel (issue 36 §3): each specification
 * that applies to it in the model's finished checks, passing or failing, and for a failing one what was
 * expected and what was found. Nothing shows when no IDS applies to the object.
 */
export function ObjectIdsResults({ versionId, localId }: { versionId: string; localId: number }) {
  const projectId = useModelInfo(versionId).data?.projectId;
  const results = useIdsObjectResults(projectId, versionId, localId);
  const list = results.data?.results ?? [];
  if (list.length === 0) return null;
  const failing = list.filter((result) => !result.pass).length;
  return (
    <section className="props-group ids-object-results" aria-label={OBJECT_IDS_TITLE}>
      <h3 className="props-group-toggle h6 mb-1">
        {OBJECT_IDS_TITLE}
        <span className={`badge ms-2 ${failing ? 'text-bg-danger' : 'text-bg-success'}`}>
          {failing ? `${failing} failing` : 'all pass'}
        </span>
      </h3>
      <ul className="list-unstyled small mb-1">
        {failingFirst(list).map((result) => (
          <li key={`${result.checkId}:${result.specification}`} className="mb-1">
            {result.pass ? (
              <FaCircleCheck className="text-success me-1" aria-label="Passes" />
            ) : (
              <FaCircleXmark className="text-danger me-1" aria-label="Fails" />
            )}
            {result.specificationName}
            <span className="text-body-secondary"> · {result.idsFileName}</span>
            {result.failures.length > 0 && (
              <ul className="ps-3 mb-0">
                {result.failures.map((failure, i) => (
                  <FailureLine key={i} failure={failure} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
