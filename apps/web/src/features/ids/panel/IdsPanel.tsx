import { useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import type { IdsCheck, IdsFailingObject } from '@penstock/shared';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { fetchIdsObjectStates, idsObjectStatesKey, isChecking, useIdsChecks, useRecheckIds } from '../api.ts';
import { CheckResult } from './CheckResult.tsx';
import { resultAppearance, withoutResult } from './resultAppearance.ts';
import { PanelFrame, useColourByTitle } from './usePanelFrame.tsx';
import '../ids.css';

export const IDS_PANEL_TITLE = 'Information requirements';

/** The first failing specification of the first check that has one: shown open when the panel opens. */
export function firstFailing(checks: readonly IdsCheck[]): { checkId: string; index: number } | null {
  for (const check of checks) {
    const spec =
      check.specifications.find((s) => !s.pass && s.usage === 'required') ??
      check.specifications.find((s) => !s.pass);
    if (check.status === 'done' && spec) return { checkId: check.id, index: spec.index };
  }
  return null;
}

/**
 * The Information requirements panel of a model (issue 36 §3): each IDS file's check of this version, each
 * specification's pass or fail with its counts and failing objects (a click selects and frames one, and its
 * properties show its failures), colour by result, the BCF and XLSX reports, issues from failures and
 * Check again.
 */
export function IdsPanel({
  viewer,
  versionId,
  projectId,
  onSelect,
  onClose,
}: {
  viewer: ModelViewer;
  versionId: string;
  projectId: string;
  onSelect: (localId: number | null) => void;
  onClose: () => void;
}) {
  const checks = useIdsChecks(projectId, versionId);
  const may = useMayInProject(projectId);
  const recheck = useRecheckIds(projectId, versionId);
  const colouredBy = useColourByTitle(viewer);
  const queryClient = useQueryClient();
  const [lookError, setLookError] = useState<string | null>(null);
  const [colouring, setColouring] = useState(false);
  const list = checks.data?.checks ?? [];
  const first = firstFailing(list);

  const colour = async (check: IdsCheck, specification: number | null, title: string) => {
    setLookError(null);
    setColouring(true);
    try {
      if (colouredBy === title) {
        await viewer.appearance.restore(withoutResult(viewer.appearance.state()));
        return;
      }
      const states = await queryClient.fetchQuery({
        queryKey: idsObjectStatesKey(projectId, check.id, specification),
        queryFn: () => fetchIdsObjectStates(projectId, check.id, specification),
        staleTime: Number.POSITIVE_INFINITY,
      });
      await viewer.appearance.restore(resultAppearance(states, versionId, title, viewer.appearance.state()));
    } catch (failure) {
      setLookError(errorMessage(failure));
    } finally {
      setColouring(false);
    }
  };
  const choose = (object: IdsFailingObject) => {
    const ref = { model: `urn:${versionId}`, localId: object.expressId };
    void viewer
      .selectObjects([ref])
      .then(() => viewer.fitObjects([ref]))
      .then(() => onSelect(object.expressId))
      .catch((failure: unknown) => setLookError(errorMessage(failure)));
  };

  return (
    <PanelFrame title={IDS_PANEL_TITLE} onClose={onClose}>
      {checks.isPending && <Loading label="Loading the checks..." />}
      {checks.isError && <ErrorAlert title="The checks could not be loaded." error={checks.error} />}
      {checks.data && !checks.data.inScope && (
        <p className="small">
          No IDS file applies to this model. A project manager says where IDS files apply under Information
          requirements, below the project browser.
        </p>
      )}
      {checks.data?.inScope && list.length === 0 && (
        <p className="small" role="status">
          This model has not been checked yet.
        </p>
      )}
      {lookError && (
        <ErrorAlert
          title="The result cannot be shown in the viewer."
          error={new Error(lookError)}
          onClose={() => setLookError(null)}
        />
      )}
      {colouring && (
        <p className="small mb-2" role="status">
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          Colouring the model…
        </p>
      )}
      {list.map((check) => (
        <CheckResult
          key={check.id}
          projectId={projectId}
          check={check}
          colouredBy={colouredBy}
          mayRaise={may('writeIssues')}
          firstOpen={first?.checkId === check.id ? first.index : null}
          onColour={(specification, title) => void colour(check, specification, title)}
          onChoose={choose}
        />
      ))}
      {checks.data?.inScope && may('recheckIds') && (
        <div className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={recheck.isPending || list.some(isChecking)}
            title="Check this model again against the IDS files that apply (after values were entered, say)"
            onClick={() => recheck.mutate()}
          >
            {recheck.isPending && (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            )}
            Check again
          </button>
          {recheck.isError && <span className="small text-danger">{errorMessage(recheck.error)}</span>}
        </div>
      )}
    </PanelFrame>
  );
}
