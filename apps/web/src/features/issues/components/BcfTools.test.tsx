import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAppState } from '../../../base/store.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ISSUE_1, ISSUE_2, makeIssue, PROJECT, users } from '../test/issueFixtures.ts';
import { ProjectLogPage } from './ProjectLogPage.tsx';

const list = `/api/issues?projectid=${encodeURIComponent(PROJECT)}`;
const usersUrl = `/api/forge/bim360/Users?projectid=${encodeURIComponent(PROJECT)}`;
const bcf = `/api/issues/bcf?projectid=${encodeURIComponent(PROJECT)}`;
const flange = makeIssue();
const valve = makeIssue({
  id: ISSUE_2,
  guid: '22222222-2222-4333-8444-555555555555',
  title: 'Valve rating?',
});

const render = (path = `/projectLog?projectId=${PROJECT}`) =>
  renderWithProviders(<ProjectLogPage />, {
    path,
    initialState: {
      ...initialAppState(),
      selectedProject: { projectid: PROJECT, text: 'Riverside', hrefbim360: path, role: 'member' },
    },
  });

describe('BCF export and import in the project log', () => {
  it('exports BCF 3.0 by default and BCF 2.1 when chosen', async () => {
    mockFetch({ [list]: { json: [flange] }, [usersUrl]: { json: users } });
    render();
    const link = await screen.findByRole('link', { name: 'Export BCF' });
    const choice = screen.getByRole('combobox', { name: 'BCF version to export' });
    expect(choice).toHaveValue('3.0');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['BCF 3.0', 'BCF 2.1 (older tools)']);
    expect(link).toHaveAttribute('href', bcf);
    await userEvent.selectOptions(choice, '2.1');
    expect(link).toHaveAttribute('href', `${bcf}&version=2.1`);
    await userEvent.selectOptions(choice, '3.0');
    expect(link).toHaveAttribute('href', bcf);
  });

  it('names the topics an import skipped because they were changed in Penstock since', async () => {
    const reason =
      'Changed in Penstock on 2026-11-23T09:00:00.000Z, after the topic’s ModifiedDate 2026-11-01T08:00:00.000Z';
    mockFetch({
      [list]: { json: [flange, valve] },
      [usersUrl]: { json: users },
      [`POST ${bcf}`]: {
        json: {
          created: 0,
          updated: 0,
          unchanged: 1,
          skipped: [{ guid: flange.guid, title: 'Leaking flange', reason }],
          issues: [flange, valve],
        },
      },
    });
    render();
    await userEvent.upload(await screen.findByLabelText('Import BCF'), new File(['zip'], 'old.bcf'));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Imported 2 issues: 0 created, 0 updated, 1 unchanged, 1 skipped.'),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'This issue was not updated from the file: it was changed in Penstock after the file was written. New comments in the file were still added.',
    );
    const item = within(alert).getByRole('listitem');
    expect(item).toHaveTextContent(`Leaking flange – ${reason}`);
    expect(alert).toHaveClass('alert-warning');
  });

  it('shows a plain success without a skipped list when nothing was skipped', async () => {
    mockFetch({
      [list]: { json: [flange] },
      [usersUrl]: { json: users },
      [`POST ${bcf}`]: { json: { created: 1, updated: 0, unchanged: 0, skipped: [], issues: [flange] } },
    });
    render();
    await userEvent.upload(await screen.findByLabelText('Import BCF'), new File(['zip'], 'new.bcf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Imported 1 issue: 1 created, 0 updated.');
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument();
    expect(alert).toHaveClass('alert-success');
  });

  it('shows an imported comment that only points at a viewpoint as "(viewpoint)", never as empty', async () => {
    const comment = (id: string, body: string) => ({
      id,
      authorId: null,
      author: 'mep@example.com',
      body,
      createdAt: '2021-02-17T10:21:00.000Z',
    });
    const issue = makeIssue({
      comments: [comment('c1', 'Duct too low'), comment('c2', '(viewpoint 2 of 3)'), comment('c3', '  ')],
    });
    mockFetch({
      [list]: { json: [issue] },
      [usersUrl]: { json: users },
      [`/api/issues/${ISSUE_1}`]: { json: issue },
    });
    render(`/projectLog?projectId=${PROJECT}&issue=${ISSUE_1}`);
    const dialog = await screen.findByRole('dialog');
    const comments = await within(dialog).findAllByRole('listitem');
    expect(comments.map((c) => c.querySelector('.issue-comment-body')?.textContent)).toEqual([
      'Duct too low',
      '(viewpoint 2 of 3)',
      '(no text)',
    ]);
    expect(comments[1]!.querySelector('.issue-comment-body')).toHaveClass('fst-italic');
    expect(comments[0]!.querySelector('.issue-comment-body')).not.toHaveClass('fst-italic');
  });
});
