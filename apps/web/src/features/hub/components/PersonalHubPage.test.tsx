import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { DsearEntry, HubMarkup, HubWorkflow, WorkflowDetail } from '@penstock/shared';
import { formatDate } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project, signedInRoutes, user } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';

import { PersonalHubPage } from './PersonalHubPage.tsx';

const CREATED = '2026-11-20T10:05:00.000Z';
const workflow = (id: string, over: Partial<HubWorkflow> = {}): HubWorkflow => ({
  id,
  projectid: PROJECT_ID,
  projectId: PROJECT_ID,
  projectName: project.text,
  documentId: `v.${id}`,
  itemId: `i.${id}`,
  documentName: 'RWTW-PID-0101.pdf',
  revision: 'P01',
  suitability: 'S2',
  uploadFolderId: 'f.shared',
  uploadFolderName: 'Shared',
  targetFolder: 'Shared',
  targetSuitability: 'S3',
  createdDate: CREATED,
  createdByUserId: 'u2',
  createdByName: 'Tom Hughes',
  createdByEmail: 'tom@example.com',
  comment: 'Please check the dosing line',
  status: 'In review',
  reviewers: [
    {
      id: 'r.1',
      userId: 'u1',
      email: user.email,
      name: user.name,
      status: 'Pending',
      comment: '',
      decidedAt: null,
    },
    {
      id: 'r.2',
      userId: 'u3',
      email: 'sara@example.com',
      name: 'Sara Patel',
      status: 'Approved',
      comment: 'Looks right',
      decidedAt: '2026-11-21T08:00:00.000Z',
    },
  ],
  approvers: [
    {
      id: 'a.1',
      userId: 'u4',
      email: 'lee@example.com',
      name: 'Lee Chen',
      status: 'Pending',
      comment: '',
      decidedAt: null,
    },
  ],
  publishedVersionId: null,
  publishedRevision: null,
  dueDate: null,
  overdue: false,
  ...over,
});
const mine = workflow('w.mine', {
  documentName: 'Pump station.ifc',
  comment: 'My own',
  createdByUserId: 'u1',
});
const toReview = { ...workflow('w.review'), reviewId: 'r.1' };
const other = workflow('w.other', {
  projectName: 'Bristol Reservoir',
  documentName: 'BRS-GA-0002.pdf',
  dueDate: '2026-11-25',
  overdue: true,
});
const detail = (w: HubWorkflow): WorkflowDetail => ({
  ...w,
  history: [
    { at: CREATED, userId: 'u2', userName: 'Tom Hughes', action: 'submitted', comment: 'For review' },
  ],
});
const markup: HubMarkup = {
  id: 'm.1',
  title: 'Valve tag wrong',
  projectId: PROJECT_ID,
  projectName: project.text,
  documentId: 'v.pid',
  itemId: 'i.pid',
  documentName: 'RWTW-PID-0102.pdf',
  createdDate: CREATED,
  createdByName: 'Tom Hughes',
  createdFor: user.email,
  actioned: false,
};
const dsearEntry = {
  id: 'd.1',
  projectName: project.text,
  date: CREATED,
  tm: 'Tom Hughes',
  tmRag: 'AMBER',
} as DsearEntry;

const hubRoutes = (over: Routes = {}): Routes => ({
  ...signedInRoutes(),
  '/api/workflow/created?id=u1': { json: [mine] },
  '/api/workflow/pendingReview?id=u1': { json: [toReview, other] },
  '/api/workflow/pendingApproval?id=u1': { json: [] },
  '/api/markup/created?id=u1': { json: [] },
  '/api/markup/pending?id=u1': { json: [markup] },
  [`/api/dsear/pendingApproval?email=${encodeURIComponent(user.email)}`]: { json: [dsearEntry] },
  '/api/workflow?id=w.review': { json: detail(toReview) },
  '/api/workflow?id=w.mine': { json: detail(mine) },
  '/api/markup?id=m.1': { json: markup },
  ...over,
});

function SearchProbe() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function setup(over: Routes = {}, initialState?: AppState) {
  const fetchMock = mockFetch(hubRoutes(over));
  const result = renderWithProviders(
    <>
      <PersonalHubPage />
      <SearchProbe />
    </>,
    { path: '/personalHub', initialState },
  );
  return { ...result, fetchMock };
}

const bodyRows = (table: HTMLElement) =>
  within(table.querySelector('tbody') as HTMLElement).getAllByRole('row');

describe('personal hub', () => {
  it('welcomes the user and lists their workflows with the columns and counts', async () => {
    setup();
    expect(
      await screen.findByText(`Welcome ${user.name}. Here is the work waiting for you.`),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My Workflows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Project', 'Document', 'Target Folder', 'Created Date', 'Comment', 'Status', 'Actions']);
    const [row] = bodyRows(table);
    expect(row).toHaveTextContent('Pump station.ifc · P01 · S2');
    expect(row).toHaveTextContent('Shared · S3');
    expect(row).toHaveTextContent(formatDate(CREATED, 'date-time'));
    expect(row).toHaveTextContent('In review');
    expect(within(row as HTMLElement).getByRole('button', { name: /View/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Pending Review 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Approval 0' })).toBeInTheDocument();
  });

  it('filters the pending reviews per column, matching capitals', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Review 2' }));
    const table = await screen.findByRole('table', { name: 'Pending Review' });
    expect(bodyRows(table)).toHaveLength(2);
    await userEvent.type(within(table).getByPlaceholderText('Filter project'), 'BRISTOL');
    expect(bodyRows(table)).toHaveLength(1);
    expect(bodyRows(table)[0]).toHaveTextContent('BRS-GA-0002.pdf');
    await userEvent.type(within(table).getByPlaceholderText('Filter status'), 'approved');
    expect(within(table).getByText('No rows match the filters.')).toBeInTheDocument();
  });

  it('marks overdue work, with its due date, and finds it by the status filter', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Review 2' }));
    const table = await screen.findByRole('table', { name: 'Pending Review' });
    const [onTime, late] = bodyRows(table);
    expect(within(onTime as HTMLElement).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(late as HTMLElement).getByText('Overdue')).toHaveAttribute('title', 'Due 25/11/2026');
    await userEvent.type(within(table).getByPlaceholderText('Filter status'), 'overdue');
    expect(bodyRows(table)).toHaveLength(1);
    expect(bodyRows(table)[0]).toHaveTextContent('BRS-GA-0002.pdf');
  });

  it('opens a review in the viewer with the review id, closing the left navigation', async () => {
    const { container } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Review 2' }));
    const table = await screen.findByRole('table', { name: 'Pending Review' });
    const row = bodyRows(table).find((r) => r.textContent?.includes('RWTW-PID-0101.pdf')) as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /Review/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    const state = storeState(container);
    expect(state.selectedProject).toMatchObject({ projectid: PROJECT_ID, text: project.text });
    expect(state.openModels).toEqual([
      expect.objectContaining({
        id: 'v.w.review',
        name: 'RWTW-PID-0101.pdf',
        selected: true,
        fileType: 'pdf',
        hrefbim360: '/api/versions/v.w.review/content',
        versionId: 'v.w.review',
      }),
    ]);
    expect(state.pendingReview).toEqual({
      workflowId: 'w.review',
      documentId: 'v.w.review',
      itemId: 'i.w.review',
      reviewId: 'r.1',
    });
    expect(state.reviewIdPending).toBe('r.1');
    expect(state.leftNavOpen).toBe(false);
  });

  it('views my own workflow without a pending review, keeping the left navigation open', async () => {
    // a model already open: the hub's document replaces it
    const open: AppState = {
      ...initialAppState(),
      openModels: [{ id: 'v.x', name: 'x.ifc', number: 1, selected: true, fileType: 'ifc', hrefbim360: '' }],
    };
    const { container } = setup({}, open);
    const table = await screen.findByRole('table', { name: 'My Workflows' });
    await userEvent.click(within(bodyRows(table)[0] as HTMLElement).getByRole('button', { name: /View/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    const state = storeState(container);
    expect(state.openModels.map((m) => m.id)).toEqual(['v.w.mine']);
    expect(state.pendingReview).toBeNull();
    expect(state.leftNavOpen).toBe(true);
  });

  it('says why a document cannot open', async () => {
    setup({ '/api/workflow?id=w.mine': { status: 404, error: 'Workflow not found' } });
    const table = await screen.findByRole('table', { name: 'My Workflows' });
    await userEvent.click(within(bodyRows(table)[0] as HTMLElement).getByRole('button', { name: /View/ }));
    expect(await screen.findByText('Workflow not found')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/personalHub');
  });

  it('inspects a workflow: reviewers and approvers with status and comment, and the history', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Review 2' }));
    const table = await screen.findByRole('table', { name: 'Pending Review' });
    await userEvent.click(within(bodyRows(table)[0] as HTMLElement).getByRole('button', { name: /Inspect/ }));
    const dialog = await screen.findByRole('dialog', { name: 'RWTW-PID-0101.pdf' });
    expect(within(dialog).getByText('w.review')).toBeInTheDocument();
    expect(within(dialog).getByText('Please check the dosing line')).toBeInTheDocument();
    const reviewers = within(dialog).getByRole('table', { name: 'Reviewers' });
    const sara = within(reviewers).getByRole('row', { name: /sara@example.com/ });
    expect(sara).toHaveTextContent('Approved');
    expect(sara).toHaveTextContent('Looks right');
    expect(within(reviewers).getByRole('row', { name: new RegExp(user.email) })).toHaveTextContent('Pending');
    const approvers = within(dialog).getByRole('table', { name: 'Approvers' });
    expect(within(approvers).getByRole('row', { name: /lee@example.com/ })).toHaveTextContent('Pending');
    const history = await within(dialog).findByRole('list', { name: 'History' });
    expect(history).toHaveTextContent('Tom Hughes');
    expect(history).toHaveTextContent('submitted');
  });

  it('lists markups and views one; says when nothing is pending', async () => {
    const { container } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Markups' }));
    expect(await screen.findByText('You have not created any markups yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Review 1' }));
    const table = await screen.findByRole('table', { name: 'Markups pending review' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Project', 'Document', 'Created Date', 'Actions']);
    await userEvent.type(within(table).getByPlaceholderText('Filter title'), 'VALVE');
    await userEvent.click(within(bodyRows(table)[0] as HTMLElement).getByRole('button', { name: /View/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    const state = storeState(container);
    expect(state.openModels.map((m) => m.versionId)).toEqual(['v.pid']);
    expect(state.pendingReview).toBeNull();
  });

  it('lists DSEAR approvals and views one on the register page', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: /DSEAR/ }));
    const table = await screen.findByRole('table', { name: 'DSEAR pending approval' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Project', 'Created Date', 'Actions']);
    await userEvent.click(within(bodyRows(table)[0] as HTMLElement).getByRole('button', { name: /View/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dsear');
    expect(screen.getByTestId('search')).toHaveTextContent(`?project=${encodeURIComponent(project.text)}`);
  });

  it('shows the loading, empty and error states', async () => {
    const { fetchMock } = setup({
      '/api/workflow/created?id=u1': { json: [] },
      '/api/workflow/pendingReview?id=u1': { status: 500, error: 'The workflow store is down' },
      [`/api/dsear/pendingApproval?email=${encodeURIComponent(user.email)}`]: { json: [] },
    });
    expect(await screen.findByText('You have not submitted any workflows yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Pending Review/ }));
    expect(await screen.findByText('The workflow store is down')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === 'GET /api/workflow/pendingReview?id=u1')).toHaveLength(2),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Approval 0' }));
    expect(
      await screen.findByText('Nothing pending: no workflow is waiting for your approval.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /DSEAR/ }));
    expect(
      await screen.findByText('Nothing pending: no DSEAR entry is waiting for your approval.'),
    ).toBeInTheDocument();
  });
});
