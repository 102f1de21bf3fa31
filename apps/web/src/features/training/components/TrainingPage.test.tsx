import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TRAINING_MESSAGES,
  recordFromProgress,
  type TrainingContent,
  type TrainingItem,
  type TrainingRecordAnswer,
  type TrainingUserRecord,
} from '@penstock/shared';
import { mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { configRoutes, signedInRoutes, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const course = (
  id: string,
  title: string,
  format: string,
  roleData: TrainingItem['roleData'],
): TrainingItem => ({
  id,
  trainingTitle: title,
  roleData,
  trainingData: {
    format: format as TrainingItem['trainingData']['format'],
    time: '20 mins',
    tag: id,
    url: format === 'Other' ? 'https://example.com/course' : `/api/training/material/${id}`,
    completed: 'false',
    added: 'false',
  },
});

const content: TrainingContent = {
  roles: [
    { roleName: 'engineer', displayName: 'Design Engineer' },
    { roleName: 'manager', displayName: 'Project Manager' },
  ],
  trainingContent: [
    course('safety', 'Site Safety', 'PDF', { engineer: 'M', manager: 'X' }),
    course('viewer', 'Viewer Basics', 'Video', { engineer: 'R', manager: 'M' }),
    course('bim', 'BIM Coordination', 'PowerPoint', { engineer: 'A', manager: 'X' }),
    course('cdm', 'CDM 2015', 'Other', { engineer: 'X', manager: 'A' }),
  ],
};

const noRecord: TrainingRecordAnswer = {
  userId: user.id,
  userName: user.name,
  role: null,
  trainingRecord: null,
};

/** The server: records what was saved and answers it back as stored. */
function trainingServer(initial: TrainingRecordAnswer = noRecord) {
  let stored = initial;
  const saves: TrainingUserRecord[] = [];
  const reads: unknown[] = [];
  const routes = {
    ...signedInRoutes(),
    '/api/training/gettrainingcontent': { json: content },
    'POST /api/training/getuserrecord': (init: RequestInit | undefined): Reply => {
      reads.push(JSON.parse(String((init?.body as FormData).get('formData'))));
      return { json: stored };
    },
    'POST /api/training/saveuserrecord': (init: RequestInit | undefined): Reply => {
      const record = JSON.parse(String((init?.body as FormData).get('FormData'))) as TrainingUserRecord;
      saves.push(record);
      stored = { ...record };
      return { json: stored };
    },
  };
  return { routes, saves, reads };
}

const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name: new RegExp(`^${name}`) }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('the training page', () => {
  it('asks a signed-out visitor to log in', async () => {
    mockFetch({ ...configRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
    renderApp({ path: '/training' });
    const prompt = await screen.findByText(/to access the training page\./);
    expect(prompt).toHaveTextContent(TRAINING_MESSAGES.signedOut);
    expect(within(prompt).getByRole('link', { name: 'HERE' })).toHaveAttribute('href', '/');
  });

  it('welcomes the user, offers the roles from the server and starts the record when one is chosen', async () => {
    const server = trainingServer();
    mockFetch(server.routes);
    renderApp({ path: '/training' });
    expect(await screen.findByText(`Welcome ${user.name}`)).toBeInTheDocument();
    expect(server.reads).toEqual([{ userId: user.id, userName: user.name }]);
    const select = screen.getByRole('combobox', { name: 'Your role' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([TRAINING_MESSAGES.selectRole, 'Design Engineer', 'Project Manager']);
    // no record yet: no buttons, no tables
    expect(screen.queryByRole('button', { name: 'Add Extra Courses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Courses' })).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'engineer');
    expect(await screen.findByText(TRAINING_MESSAGES.saved)).toBeInTheDocument();
    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]).toMatchObject({ userId: user.id, userName: user.name, role: 'engineer' });
    expect(titlesIn('Mandatory')).toEqual(['Site Safety']);
    expect(titlesIn('Recommended')).toEqual(['Viewer Basics']);
    expect(titlesIn('Available')).toEqual(['BIM Coordination']);
    const headers = within(screen.getByRole('region', { name: /^Mandatory/ }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Title', 'Link', 'Format', 'Est Time to Complete', 'Completed']);
    expect(screen.getByRole('button', { name: 'Add Extra Courses' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    // course links: inside the app, or a new tab for format Other
    expect(screen.getByRole('link', { name: 'Open Site Safety' })).toHaveAttribute(
      'href',
      '/training/safety',
    );
  });

  it('saves a ticked completion at once and keeps it across a role change', async () => {
    const stored = recordFromProgress(content.trainingContent, new Map(), 'engineer');
    const server = trainingServer({ ...noRecord, role: 'engineer', trainingRecord: stored });
    mockFetch(server.routes);
    renderApp({ path: '/training' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Completed: Site Safety' }));
    expect(await screen.findByText(TRAINING_MESSAGES.saved)).toBeInTheDocument();
    expect(server.saves[0]!.trainingRecord.mandatoryTraining[0]!.trainingData.completed).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Completed: Site Safety' })).toBeChecked();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your role' }), 'manager');
    await waitFor(() => expect(server.saves).toHaveLength(2));
    const changed = server.saves[1]!;
    expect(changed.role).toBe('manager');
    expect(changed.trainingRecord.mandatoryTraining.map((item) => item.id)).toEqual(['viewer']);
    expect(changed.trainingRecord.availableTraining.map((item) => item.id)).toEqual(['cdm']);
    const safety = changed.trainingRecord.notRequiredTraining.find((item) => item.id === 'safety')!;
    expect(safety.trainingData.completed).toBe('true');
    expect(screen.getByRole('link', { name: 'Open CDM 2015' })).toHaveAttribute('target', '_blank');
  });

  it('adds and removes extra courses in the modal, then saves with Save', async () => {
    const stored = recordFromProgress(content.trainingContent, new Map(), 'engineer');
    const server = trainingServer({ ...noRecord, role: 'engineer', trainingRecord: stored });
    mockFetch(server.routes);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp({ path: '/training' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Extra Courses' }));
    const modal = await screen.findByRole('dialog', { name: TRAINING_MESSAGES.additionalCourses });
    expect(within(modal).getByPlaceholderText(TRAINING_MESSAGES.searchAdditional)).toBeInTheDocument();
    expect(
      within(modal)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Format', 'Select']);
    await userEvent.type(within(modal).getByRole('searchbox'), 'nothing like it');
    expect(within(modal).getByText('No additional course matches the search')).toBeInTheDocument();
    await userEvent.clear(within(modal).getByRole('searchbox'));
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'Select: CDM 2015' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(titlesIn('Available')).toEqual(['BIM Coordination', 'CDM 2015']);
    expect(server.saves).toHaveLength(0);

    // unsaved: leaving by a link asks first
    await userEvent.click(screen.getByRole('link', { name: 'Open Site Safety' }));
    expect(confirm).toHaveBeenCalledWith(TRAINING_MESSAGES.leavePage);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TRAINING_MESSAGES.saved)).toBeInTheDocument();
    const cdm = server.saves[0]!.trainingRecord.availableTraining.find((item) => item.id === 'cdm')!;
    expect(cdm.trainingData.added).toBe('true');
    expect(cdm.roleData).toEqual({ engineer: 'A', manager: 'A' });

    // unticking takes it out of Available again
    await userEvent.click(screen.getByRole('button', { name: 'Add Extra Courses' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select: CDM 2015' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(titlesIn('Available')).toEqual(['BIM Coordination']));
  });

  it('shows a failed save instead of only logging it', async () => {
    const stored = recordFromProgress(content.trainingContent, new Map(), 'engineer');
    const server = trainingServer({ ...noRecord, role: 'engineer', trainingRecord: stored });
    mockFetch({ ...server.routes, 'POST /api/training/saveuserrecord': { status: 400, error: 'Nope' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ path: '/training' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Completed: Site Safety' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The training record was not saved: Nope');
  });
});
