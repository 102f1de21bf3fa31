import { describe, expect, it, vi } from 'vitest';
import type { ProjectRole } from '@penstock/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAppState } from '../../../base/store.tsx';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ISSUE_1, ISSUE_2, makeIssue, PROJECT, users } from '../test/issueFixtures.ts';
import { ProjectLogPage } from './ProjectLogPage.tsx';

const list = `/api/issues?projectid=${encodeURIComponent(PROJECT)}`;
const usersUrl = `/api/forge/bim360/Users?projectid=${encodeURIComponent(PROJECT)}`;
const open = makeIssue();
const rfi = makeIssue({
  id: ISSUE_2,
  title: 'Valve rating?',
  type: 'rfi',
  status: 'answered',
  assigneeId: null,
});

const render = (path = `/projectLog?projectId=${PROJECT}`, role: ProjectRole = 'member') =>
  renderWithProviders(<ProjectLogPage />, {
    path,
    initialState: {
      ...initialAppState(),
      selectedProject: {
        projectid: PROJECT,
        text: 'Riverside',
        hrefbim360: `/projectLog?projectId=${PROJECT}`,
        role,
      },
    },
  });
const treeRoot = '/api/tree?id=%23';
const listed = (role: ProjectRole) => ({
  json: [
    {
      id: PROJECT,
      projectid: PROJECT,
      text: 'Riverside',
      type: 'project',
      hrefbim360: `/projectLog?projectId=${PROJECT}`,
      role,
    },
  ],
});

describe('project log', () => {
  it('lists the issues with type, status key, assignee and due date', async () => {
    mockFetch({ [list]: { json: [open, rfi] }, [usersUrl]: { json: users } });
    render();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Leaking flange' })).toHaveAttribute(
      'href',
      `/projectLog?projectId=${encodeURIComponent(PROJECT)}&issue=${encodeURIComponent(ISSUE_1)}`,
    );
    expect(within(rows[1]!).getByText('quality_issues-open')).toBeInTheDocument();
    expect(await within(rows[1]!).findByText('Ada Lovelace - ada@penstock.demo')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2030-01-31')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Request for information')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('rfi-answered')).toBeInTheDocument();
  });

  it('uses the selected project without a projectId in the address', async () => {
    const fetchMock = mockFetch({ [list]: { json: [] }, [usersUrl]: { json: users } });
    render('/projectLog');
    expect(await screen.findByText('This project has no issues yet.')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`GET ${list}`);
  });

  it('filters by status and type', async () => {
    const fetchMock = mockFetch({
      [list]: { json: [open, rfi] },
      [`${list}&status=answered`]: { json: [rfi] },
      [`${list}&status=answered&type=rfi`]: { json: [rfi] },
      [usersUrl]: { json: users },
    });
    render();
    await screen.findByRole('link', { name: 'Leaking flange' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'answered');
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Leaking flange' })).not.toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'rfi');
    expect(await screen.findByRole('link', { name: 'Valve rating?' })).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`GET ${list}&status=answered&type=rfi`);
  });

  it('creates an issue with the form', async () => {
    let created: unknown = null;
    let listed = [open];
    mockFetch({
      [list]: () => ({ json: listed }),
      [usersUrl]: { json: users },
      'POST /api/issues': (init) => {
        created = JSON.parse(String(init?.body));
        const issue = makeIssue({ id: ISSUE_2, title: 'Missing handrail', assigneeId: 'u2' });
        listed = [open, issue];
        return { status: 201, json: issue };
      },
    });
    render();
    await screen.findByRole('link', { name: 'Leaking flange' });
    await userEvent.click(screen.getByRole('button', { name: 'New issue' }));
    const form = screen.getByRole('form', { name: 'New issue' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Missing handrail');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'design_query');
    await within(form).findByRole('option', { name: 'Erin Walsh - erin@penstock.demo' });
    await userEvent.selectOptions(within(form).getByLabelText('Assignee'), 'u2');
    await userEvent.type(within(form).getByLabelText('Due date'), '2030-02-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Create issue' }));
    expect(await screen.findByRole('link', { name: 'Missing handrail' })).toBeInTheDocument();
    expect(created).toEqual({
      projectId: PROJECT,
      title: 'Missing handrail',
      type: 'design_query',
      description: '',
      assigneeId: 'u2',
      dueDate: '2030-02-01',
    });
  });

  it('opens an issue from its link, closes it and adds a comment', async () => {
    let current = makeIssue();
    const patches: unknown[] = [];
    mockFetch({
      [list]: () => ({ json: [current] }),
      [usersUrl]: { json: users },
      [`/api/issues/${ISSUE_1}`]: () => ({ json: current }),
      [`PATCH /api/issues/${ISSUE_1}`]: (init) => {
        patches.push(JSON.parse(String(init?.body)));
        current = makeIssue({ status: 'closed', updatedAt: '2025-02-01T10:00:00.000Z' });
        return { json: current };
      },
      [`POST /api/issues/${ISSUE_1}/comments`]: (init) => {
        const body = (JSON.parse(String(init?.body)) as { body: string }).body;
        const comment = {
          id: 'c1',
          authorId: 'u2',
          author: 'Erin Walsh',
          body,
          createdAt: '2025-02-01T11:00:00Z',
        };
        current = { ...current, comments: [comment] };
        return { status: 201, json: comment };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('link', { name: 'Leaking flange' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByTestId('location')).toHaveTextContent('/projectLog');
    await within(dialog).findByRole('button', { name: 'Close issue' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close issue' }));
    expect(await within(dialog).findByText('quality_issues-closed')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'closed' }]);
    expect(await screen.findByText('quality_issues-closed', { selector: 'td code' })).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('New comment'), 'Fixed on site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByText('Fixed on site')).toBeInTheDocument();
  });

  it('opens the detail of the issue named in the address', async () => {
    mockFetch({
      [list]: { json: [open] },
      [usersUrl]: { json: users },
      [`/api/issues/${ISSUE_1}`]: { json: open },
    });
    render(`/projectLog?projectId=${PROJECT}&issue=${ISSUE_1}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('Leaking flange')).toBeInTheDocument();
  });

  it('shows the view the issue was raised with, linking to the picture', async () => {
    const snapshot = `/api/issues/${ISSUE_1}/snapshot?v=0123456789abcdef`;
    const pictured = makeIssue({ snapshot });
    mockFetch({
      [list]: { json: [pictured] },
      [usersUrl]: { json: users },
      [`/api/issues/${ISSUE_1}`]: { json: pictured },
    });
    render(`/projectLog?projectId=${PROJECT}&issue=${ISSUE_1}`);
    const dialog = await screen.findByRole('dialog');
    const image = await within(dialog).findByRole('img', { name: 'The view of “Leaking flange”' });
    expect(image).toHaveAttribute('src', snapshot);
    expect(image.closest('a')).toHaveAttribute('href', snapshot);
  });

  it('tells a non-member so', async () => {
    mockFetch({
      [list]: { status: 404, error: 'Not found' },
      [usersUrl]: { status: 404, error: 'Not found' },
    });
    render();
    expect(await screen.findByText('You are not a member of this project.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New issue' })).not.toBeInTheDocument();
  });

  it('shows a failed load', async () => {
    mockFetch({ [list]: { status: 500, error: 'Database down' }, [usersUrl]: { json: users } });
    render();
    expect(await screen.findByText('Database down')).toBeInTheDocument();
  });

  it('imports a BCF file and shows the counts, or the server’s error', async () => {
    let answer: { status?: number; json?: unknown; error?: string } = {
      json: { created: 2, updated: 1, unchanged: 0, skipped: [], issues: [open, rfi, open] },
    };
    mockFetch({
      [list]: { json: [open] },
      [usersUrl]: { json: users },
      [`POST /api/issues/bcf?projectid=${encodeURIComponent(PROJECT)}`]: () =>
        answer.error ? { status: answer.status ?? 400, error: answer.error } : { json: answer.json },
    });
    render();
    expect(await screen.findByRole('link', { name: 'Export BCF' })).toHaveAttribute(
      'href',
      `/api/issues/bcf?projectid=${encodeURIComponent(PROJECT)}`,
    );
    const input = screen.getByLabelText('Import BCF');
    await userEvent.upload(input, new File(['zip'], 'issues.bcf'));
    expect(await screen.findByText('Imported 3 issues: 2 created, 1 updated.')).toBeInTheDocument();
    answer = { status: 400, error: 'Only BCF 2.0, 2.1 and 3.0 files can be imported (this file is BCF 1.0)' };
    await userEvent.upload(input, new File(['zip'], 'old.bcf'));
    expect(
      await screen.findByText(/Only BCF 2\.0, 2\.1 and 3\.0 files can be imported \(this file is BCF 1\.0\)/),
    ).toBeInTheDocument();
  });

  describe('for a viewer of the project', () => {
    it('hides New issue and Import BCF but keeps Export BCF', async () => {
      mockFetch({ [list]: { json: [open] }, [usersUrl]: { json: users } });
      render(undefined, 'viewer');
      expect(await screen.findByRole('link', { name: 'Leaking flange' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Export BCF' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New issue' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Import BCF')).not.toBeInTheDocument();
      expect(screen.queryByText('Import BCF')).not.toBeInTheDocument();
    });

    it('shows an issue read-only, without Save changes or Close issue, and lets them comment', async () => {
      let current = open;
      const posted: unknown[] = [];
      mockFetch({
        [list]: { json: [open] },
        [usersUrl]: { json: users },
        [`/api/issues/${ISSUE_1}`]: () => ({ json: current }),
        [`POST /api/issues/${ISSUE_1}/comments`]: (init) => {
          const body = (JSON.parse(String(init?.body)) as { body: string }).body;
          posted.push(body);
          const comment = {
            id: 'c1',
            authorId: 'u1',
            author: 'Ada Lovelace',
            body,
            createdAt: '2025-02-01T11:00:00Z',
          };
          current = { ...current, comments: [comment] };
          return { status: 201, json: comment };
        },
      });
      render(`/projectLog?projectId=${PROJECT}&issue=${ISSUE_1}`, 'viewer');
      const dialog = await screen.findByRole('dialog');
      const title = await within(dialog).findByDisplayValue('Leaking flange');
      expect(title).toBeDisabled();
      expect(within(dialog).getByLabelText('Status')).toBeDisabled();
      expect(within(dialog).getByRole('form', { name: 'Issue details' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
      // the dialog's own close (x) is 'Close issue details'; the status action is gone
      expect(within(dialog).queryByRole('button', { name: 'Close issue' })).not.toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('New comment'), 'Seen on site');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
      expect(await within(dialog).findByText('Seen on site')).toBeInTheDocument();
      expect(posted).toEqual(['Seen on site']);
    });
  });

  describe('opened by address for a project that is not the selected one', () => {
    const renderUnselected = () =>
      renderWithProviders(<ProjectLogPage />, { path: `/projectLog?projectId=${PROJECT}` });

    it('takes a viewer role from the project list and hides the changing controls', async () => {
      mockFetch({ [list]: { json: [open] }, [usersUrl]: { json: users }, [treeRoot]: listed('viewer') });
      renderUnselected();
      expect(await screen.findByRole('link', { name: 'Leaking flange' })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Export BCF' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'New issue' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Import BCF')).not.toBeInTheDocument();
    });

    it('shows them to a member once the project list says so', async () => {
      mockFetch({ [list]: { json: [open] }, [usersUrl]: { json: users }, [treeRoot]: listed('member') });
      renderUnselected();
      expect(await screen.findByRole('button', { name: 'New issue' })).toBeInTheDocument();
      expect(screen.getByLabelText('Import BCF')).toBeInTheDocument();
    });
  });
});
