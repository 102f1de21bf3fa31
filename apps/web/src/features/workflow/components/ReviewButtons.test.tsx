import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKFLOW_UPDATED } from '@penstock/shared';
import { calls, deferred, mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { user } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';
import type { PendingReview } from '../../../base/store.tsx';
import { PROJECT_ID } from '../../../test/fixtures.ts';
import {
  ITEM_ID,
  VERSION_ID,
  documentWorkflowUrl,
  memberState,
  openWorkflow,
  sentForm,
} from '../test/fixtures.ts';
import { ReviewButtons } from './ReviewButtons.tsx';

const pending = (extra: Partial<PendingReview>): PendingReview => ({
  workflowId: 'w1',
  documentId: VERSION_ID,
  itemId: ITEM_ID,
  ...extra,
});

function setup(pendingReview: PendingReview | null, routes = {}, versionId = VERSION_ID, itemId?: string) {
  const fetchMock = mockFetch({ '/api/user': { json: user }, ...routes });
  const view = renderWithProviders(<ReviewButtons versionId={versionId} itemId={itemId} />, {
    initialState: memberState({ pendingReview, reviewIdPending: pendingReview?.reviewId ?? null }),
  });
  return { fetchMock, ...view };
}

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Review and Approve buttons', () => {
  it('show only for the very document of the pending review or approval', () => {
    const { unmount } = setup(pending({ reviewId: 'r1' }), {}, 'v.other', 'i.other');
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    unmount();
    const second = setup(null);
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    second.unmount();
    const third = setup(pending({ reviewId: 'r1' }));
    expect(screen.getByRole('button', { name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    third.unmount();
    // the item id of another version of the same document counts too
    setup(pending({ approvalId: 'a1' }), {}, 'v.newer', ITEM_ID);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('sends the review decision with its comment, waits while in flight, then clears the workflow', async () => {
    const answer = deferred<Reply>();
    let body: unknown;
    const { fetchMock, container } = setup(pending({ reviewId: 'r1' }), {
      'PUT /api/workflow/UpdateReviewers': (init: RequestInit | undefined) => {
        body = sentForm(init);
        return answer.promise;
      },
    });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/user'));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Complete Review')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reviewer Comment'), 'Looks right');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(body).toEqual({ id: 'r1', userId: user.id, comment: 'Looks right', status: 'Rejected' }),
    );
    for (const name of ['Approve', 'Reject', 'Close'])
      expect(within(dialog).getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review', hidden: true })).toBeDisabled();
    answer.resolve({ json: {} });
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(WORKFLOW_UPDATED));
    const state = storeState(container);
    expect(state.pendingReview).toBeNull();
    expect(state.reviewIdPending).toBeNull();
    expect(state.openModels).toEqual([]);
    expect(calls(fetchMock)).not.toContain('PUT /api/workflow/UpdateApprovers');
  });

  it('sends an approval to UpdateApprovers and shows a refusal in the dialog', async () => {
    let body: unknown;
    const { container } = setup(pending({ approvalId: 'a1' }), {
      'PUT /api/workflow/UpdateApprovers': (init: RequestInit | undefined) => {
        body = sentForm(init);
        return { status: 409, error: 'Approvers can respond once every reviewer has responded' };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Approvers can respond once every reviewer has responded',
    );
    expect(body).toMatchObject({ id: 'a1', status: 'Approved', comment: '' });
    expect(window.alert).not.toHaveBeenCalled();
    expect(storeState(container).pendingReview).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('show for the listed reviewer wherever the document was opened (not from the hub), and answer', async () => {
    let body: unknown;
    const mine = openWorkflow({ reviewId: 'r.cat' });
    const fetchMock = mockFetch({
      '/api/user': { json: user },
      [documentWorkflowUrl]: { json: { workflow: mine } },
      'PUT /api/workflow/UpdateReviewers': (init: RequestInit | undefined) => {
        body = sentForm(init);
        return { json: {} };
      },
    });
    // opened from the project browser: no pending review in the store
    renderWithProviders(<ReviewButtons versionId={VERSION_ID} itemId={ITEM_ID} projectId={PROJECT_ID} />, {
      initialState: memberState({ pendingReview: null }),
    });
    const review = await screen.findByRole('button', { name: 'Review' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(review);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(WORKFLOW_UPDATED));
    expect(body).toMatchObject({ id: 'r.cat', status: 'Approved' });
    expect(calls(fetchMock)).toContain(`GET ${documentWorkflowUrl}`);
  });

  it('stay hidden for someone the open workflow does not wait for', async () => {
    mockFetch({ '/api/user': { json: user }, [documentWorkflowUrl]: { json: { workflow: openWorkflow() } } });
    renderWithProviders(<ReviewButtons versionId={VERSION_ID} itemId={ITEM_ID} projectId={PROJECT_ID} />, {
      initialState: memberState({ pendingReview: null }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });
});
