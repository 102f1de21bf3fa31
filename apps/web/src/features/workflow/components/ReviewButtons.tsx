import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FaClipboardCheck, FaStamp } from 'react-icons/fa6';
import { WORKFLOW_UPDATED, type ReviewDecision } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useAppStore } from '../../../base/store.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import {
  documentWorkflowKey,
  fetchDocumentWorkflow,
  pendingDecisionsFor,
  updateDecision,
  type PendingDecision,
} from '../api.ts';
import { CompleteReviewDialog } from './CompleteReviewDialog.tsx';
import { CompareWithPrevious } from '../../compare/components/CompareWithPrevious.tsx';
import { IdsReviewSummary } from '../../ids/IdsReviewSummary.tsx';

/**
 * The Review and Approve toolbar buttons (forms spec §2, §4): shown while the user has a pending review or
 * approval id for the very document shown, wherever it was opened from (the hub, the project browser, a
 * link): the hub's choice is used at once, and the document's open workflow is asked for (issue 31, item 3).
 * Each opens the Complete Review dialog. While a decision is being
 * sent ('reviewing') the buttons wait; once it is through the workflow is done: the pending id, the selected
 * document and the open models are cleared.
 */
export function ReviewButtons({
  versionId,
  itemId,
  projectId,
  onShowInformationRequirements,
}: {
  versionId: string;
  itemId?: string | undefined;
  projectId?: string | undefined;
  /** open the model's Information requirements panel (issue 36: the failures the dialog links to) */
  onShowInformationRequirements?: (() => void) | undefined;
}) {
  const { state, dispatch } = useAppStore();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const [open, setOpen] = useState<PendingDecision | null>(null);
  const documentWorkflow = useQuery({
    queryKey: documentWorkflowKey(projectId ?? '', itemId ?? ''),
    queryFn: () => fetchDocumentWorkflow(projectId ?? '', itemId ?? ''),
    enabled: !!projectId && !!itemId,
  }).data?.workflow;
  const fromHub = pendingDecisionsFor(state.pendingReview, { versionId, itemId });
  const decisions = fromHub.length
    ? fromHub
    : pendingDecisionsFor(documentWorkflow, { versionId, itemId: itemId ?? documentWorkflow?.itemId });
  const reviewing = useMutation({
    mutationFn: ({
      decision,
      status,
      comment,
    }: {
      decision: PendingDecision;
      status: ReviewDecision;
      comment: string;
    }) => updateDecision(decision.kind, { id: decision.id, userId: me?.id ?? '', comment, status }),
    onSuccess: () => {
      window.alert(WORKFLOW_UPDATED);
      setOpen(null);
      // the personal hub's lists and the header's count change with the decision
      void queryClient.invalidateQueries({ queryKey: ['hub'] });
      dispatch({ type: 'workflowDone' });
    },
  });
  if (!decisions.length) return null;

  return (
    <>
      {decisions.map((decision) => (
        <button
          key={decision.kind}
          type="button"
          className="btn btn-sm btn-warning viewer-tool"
          title={
            decision.kind === 'review'
              ? 'Review this document and complete your review'
              : 'Approve or reject this document'
          }
          disabled={reviewing.isPending}
          onClick={() => {
            reviewing.reset();
            setOpen(decision);
          }}
        >
          {decision.kind === 'review' ? (
            <FaClipboardCheck aria-hidden="true" className="me-1" />
          ) : (
            <FaStamp aria-hidden="true" className="me-1" />
          )}
          {decision.label}
        </button>
      ))}
      {open && (
        <CompleteReviewDialog
          show
          busy={reviewing.isPending}
          error={reviewing.error ? errorMessage(reviewing.error) : null}
          onDecide={(status, comment) => reviewing.mutate({ decision: open, status, comment })}
          onClose={() => setOpen(null)}
          compareLink={
            itemId && (
              <CompareWithPrevious itemId={itemId} versionId={versionId} onFollow={() => setOpen(null)} />
            )
          }
          idsSummary={
            <IdsReviewSummary
              summary={documentWorkflow?.idsCheck}
              onShowFailures={
                onShowInformationRequirements &&
                (() => {
                  setOpen(null);
                  onShowInformationRequirements();
                })
              }
            />
          }
        />
      )}
    </>
  );
}
