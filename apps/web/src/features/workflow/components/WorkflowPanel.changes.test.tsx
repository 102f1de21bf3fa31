import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKFLOW_REASSIGNED, WORKFLOW_WITHDRAWN } from '@penstock/shared';
import { calls, deferred, mockFetch, type Reply, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project, user } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  documentWorkflowUrl,
  memberState,
  openWorkflow,
  panelRoutes,
  sentForm,
  structureUrl,
  VERSION_ID,
} from '../test/fixtures.ts';
import { WorkflowPanel } from './WorkflowPanel.tsx';

/** Issue 31: the Review tab of a document in review shows its workflow: withdraw, replace, due date. */
const managerState = () =>
  memberState({
    selectedProject: {
      projectid: PROJECT_ID,
      text: project.text,
      hrefbim360: '/projectLog',
      role: 'manager',
    },
  });
function setup(routes: Routes = {}, state = memberState()) {
  const fetchMock = mockFetch({ ...panelRoutes(), ...routes });
  renderWithProviders(<WorkflowPanel versionId={VERSION_ID} onClose={() => undefined} />, {
    initialState: state,
  });
  return fetchMock;
}
const card = () => screen.findByRole('region', { name: 'Open workflow' });
const sentJson = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkflowPanel: a document already in review', () => {
  it('shows the pending check, then the open workflow with its due date and overdue mark instead of the form', async () => {
    const answer = deferred<Reply>();
    setup({ [documentWorkflowUrl]: () => answer.promise });
    expect(await screen.findByText(/Checking whether this document is in review/)).toBeInTheDocument();
    answer.resolve({ json: { workflow: openWorkflow() } });
    const open = await card();
    expect(open).toHaveTextContent('This document is in review');
    expect(within(open).getByText('Overdue')).toBeInTheDocument();
    expect(open).toHaveTextContent('Due 25/11/2026');
    expect(within(open).getByRole('list', { name: 'Reviewers' })).toHaveTextContent('Cat Checker');
    expect(screen.queryByRole('form', { name: 'Submit For Review' })).not.toBeInTheDocument();
    // nothing to pick a target for: the folder tree and Target Folder give way to the workflow
    expect(screen.queryByRole('region', { name: 'Folder structure' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Target Folder')).not.toBeInTheDocument();
    // a member who did not submit it can neither withdraw it nor replace anyone
    expect(within(open).queryByRole('button', { name: 'Withdraw...' })).not.toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /^Replace/ })).not.toBeInTheDocument();
  });

  it('says so when the check fails', async () => {
    setup({ [documentWorkflowUrl]: { status: 500, error: 'Database unavailable' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Whether this document is in review could not be checked: Database unavailable',
    );
  });

  it('lets the submitter withdraw it with a reason, and shows the refusal or the outcome', async () => {
    let body: unknown;
    let refuse = true;
    const fetchMock = setup({
      [documentWorkflowUrl]: { json: { workflow: openWorkflow({ createdByUserId: user.id }) } },
      'POST /api/workflow/w.open/withdraw': (init) => {
        body = sentJson(init);
        if (refuse) return { status: 409, error: 'This workflow is already approved' };
        return { json: openWorkflow({ status: 'Withdrawn' }) };
      },
    });
    const open = await card();
    await userEvent.click(within(open).getByRole('button', { name: 'Withdraw...' }));
    const submit = within(open).getByRole('button', { name: 'Withdraw workflow' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(open).getByLabelText('Reason for withdrawing'), 'Wrong revision');
    await userEvent.click(submit);
    expect(await within(open).findByRole('alert')).toHaveTextContent('This workflow is already approved');
    expect(body).toEqual({ reason: 'Wrong revision' });
    refuse = false;
    await userEvent.click(submit);
    expect(await screen.findByText(WORKFLOW_WITHDRAWN)).toHaveAttribute('role', 'status');
    // the document's workflow is asked for again (it is no longer open)
    await waitFor(() =>
      expect(calls(fetchMock).filter((call) => call === `GET ${documentWorkflowUrl}`).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('lets a project manager replace a reviewer who has not answered with another project user', async () => {
    let body: unknown;
    setup(
      {
        [documentWorkflowUrl]: { json: { workflow: openWorkflow() } },
        'POST /api/workflow/w.open/reassign': (init) => {
          body = sentJson(init);
          return { json: openWorkflow() };
        },
      },
      managerState(),
    );
    const open = await card();
    // a manager may withdraw anyone's workflow too
    expect(within(open).getByRole('button', { name: 'Withdraw...' })).toBeInTheDocument();
    await userEvent.click(within(open).getByRole('button', { name: 'Replace Cat Checker' }));
    const form = within(open).getByRole('form', { name: 'Replace a person' });
    const choice = within(form).getByLabelText('Replace Cat Checker as reviewer with');
    // Cat is the reviewer already: only the others are offered
    expect(within(choice).queryByText(/Cat Checker/)).not.toBeInTheDocument();
    await userEvent.selectOptions(choice, 'u2-bob@example.com-Bob Builder');
    await userEvent.click(within(form).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText(WORKFLOW_REASSIGNED)).toHaveAttribute('role', 'status');
    expect(body).toEqual({ from: 'r.cat', to: 'u2-bob@example.com-Bob Builder' });
  });
});

describe('WorkflowPanel: submitting with a due date', () => {
  it('sends the chosen due date with the submission', async () => {
    let body: unknown;
    setup({
      'POST /api/workflow': (init) => {
        body = sentForm(init);
        return { json: openWorkflow() };
      },
    });
    const tree = await screen.findByRole('region', { name: 'Folder structure' });
    await userEvent.click(await within(tree).findByRole('button', { name: 'Expand Published' }));
    await userEvent.click(within(tree).getByRole('button', { name: 'Drawings' }));
    await userEvent.selectOptions(screen.getByLabelText('Reviewers'), 'u3-cat@example.com-Cat Checker');
    await userEvent.selectOptions(screen.getByLabelText('Approvers'), 'u2-bob@example.com-Bob Builder');
    await userEvent.type(screen.getByLabelText('Due date'), '2099-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(body).toMatchObject({ dueDate: '2099-01-31', itemId: openWorkflow().itemId }));
    expect(structureUrl).toContain(PROJECT_ID);
  });
});
