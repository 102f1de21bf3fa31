import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedMessage } from '@penstock/shared';
import { deferred, mockFetch, type Routes } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProjectDataPanel } from './components/ProjectDataPanel.tsx';
import { callCount, formRoutes, memberState, PROJECT_ID, sentJson, stored } from './test/fixtures.ts';

function setup(extra: Routes = {}, values = [stored('site_details', 'site_name', 'Cambridge WRC')]) {
  const fetchMock = mockFetch({
    ...formRoutes(),
    'POST /api/getprojectinput': { json: { values } },
    ...extra,
  });
  renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />, {
    initialState: memberState(),
  });
  return fetchMock;
}

const card = async (name: string) => screen.findByRole('form', { name });

describe('ProjectDataPanel', () => {
  it('shows one card per form of this project, titled with its alias', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Site details' })).toBeInTheDocument();
    for (const alias of ['Drawings', 'Flow data', 'Sampling data'])
      expect(screen.getByRole('button', { name: alias })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Only elsewhere' })).not.toBeInTheDocument();
  });

  it('starts from the stored values, else the defaults; fieldsets with heading, units, read-only', async () => {
    setup();
    const form = await card('Site details');
    expect(within(form).getByLabelText(/Site name/)).toHaveValue('Cambridge WRC');
    expect(within(form).getByLabelText(/Population equivalent/)).toHaveValue(5000);
    expect(within(form).getByText('PE')).toHaveClass('input-group-text');
    expect(within(form).getByLabelText(/Treatment type/)).toHaveValue('Activated sludge');
    expect(within(form).getByLabelText(/Region/)).toHaveAttribute('readonly');
    expect(within(form).getByRole('group', { name: 'General' })).toHaveTextContent('About the works');
  });

  it('keeps Save disabled until the required fields are valid; one input of a combined set suffices', async () => {
    const user = userEvent.setup();
    setup({}, []);
    const form = await card('Site details');
    const save = within(form).getByRole('button', { name: 'Save' });
    const siteName = within(form).getByLabelText(/Site name/);
    expect(save).toBeDisabled();
    expect(siteName).toHaveClass('is-invalid');
    expect(siteName).toBeRequired();

    await user.type(siteName, 'Ely STW');
    expect(siteName).not.toHaveClass('is-invalid');
    // the contact set: neither phone nor email yet
    expect(within(form).getByLabelText(/Phone/)).toHaveClass('is-invalid');
    expect(save).toBeDisabled();

    await user.type(within(form).getByLabelText(/Email/), 'ops@example.com');
    expect(within(form).getByLabelText(/Phone/)).not.toHaveClass('is-invalid');
    expect(save).toBeEnabled();

    // a number outside its kind is not valid
    await user.clear(within(form).getByLabelText(/Population equivalent/));
    await user.type(within(form).getByLabelText(/Population equivalent/), '12.5');
    expect(save).toBeDisabled();
  });

  it("saves the spec's payload, says so and reloads the project input", async () => {
    const user = userEvent.setup();
    const answer = deferred<{ json: unknown }>();
    const fetchMock = setup({ 'POST /api/saveprojectinput': () => answer.promise });
    const form = await card('Site details');
    await user.type(within(form).getByLabelText(/Phone/), '01223 000000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(within(form).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(form).getByRole('status')).toHaveTextContent('Saving Site details...');
    expect(sentJson(fetchMock, '/api/saveprojectinput')).toEqual({
      projectid: PROJECT_ID,
      category: 'site_details',
      fmejob: '',
      data: [
        { category: 'site_name', value: 'Cambridge WRC' },
        { category: 'population', value: '5000' },
        { category: 'treatment', value: 'Activated sludge' },
        { category: 'region', value: 'East' },
        { category: 'phone', value: '01223 000000' },
        { category: 'email', value: '' },
      ],
      fileType: null,
    });
    answer.resolve({ json: { saved: 6 } });
    expect(await within(form).findByText('Site details saved')).toHaveClass('alert-success');
    expect(callCount(fetchMock, '/api/getprojectinput')).toBe(2);
    expect(sentJson(fetchMock, '/api/getprojectinput', 1)).toEqual({ projectid: PROJECT_ID });
  });

  it('shows the failed message with the form title and the reason', async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      'POST /api/saveprojectinput': { status: 400, error: 'phone is too long' },
    });
    const form = await card('Site details');
    await user.type(within(form).getByLabelText(/Phone/), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent(`${failedMessage(undefined, 'Site details')}: phone is too long`);
    expect(callCount(fetchMock, '/api/getprojectinput')).toBe(1);
  });

  it('makes a file field valid only once uploadfile answered 200', async () => {
    const user = userEvent.setup();
    let status = 400;
    const sent: FormData[] = [];
    const fetchMock = setup({
      'POST /api/saveprojectinput': { json: { saved: 1 } },
      'POST /api/uploadfile': (init) => {
        sent.push(init?.body as FormData);
        return status === 200
          ? { json: { fileName: 'layout.pdf', versionId: 'v.1' } }
          : { status, error: 'The file type is not allowed' };
      },
    });
    const form = await card('Drawings');
    const save = within(form).getByRole('button', { name: 'Save' });
    const input = within(form).getByLabelText(/Site layout/);
    expect(save).toBeDisabled();

    await user.upload(input, new File(['x'], 'layout.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The file type is not allowed');
    expect(save).toBeDisabled();
    expect(input).toHaveClass('is-invalid');
    expect(sent[0]?.get('ProjectId')).toBe(PROJECT_ID);
    expect(sent[0]?.get('Key')).toBe('layout');
    expect((sent[0]?.get('file') as File).name).toBe('layout.pdf');

    status = 200;
    await user.upload(input, new File(['x'], 'layout.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByText('Uploaded: layout.pdf')).toBeInTheDocument();
    expect(save).toBeEnabled();
    expect(input).not.toHaveClass('is-invalid');
    // the field keeps the stored version with the file name
    await user.click(save);
    await waitFor(() => expect(callCount(fetchMock, '/api/saveprojectinput')).toBe(1));
    expect(sentJson(fetchMock, '/api/saveprojectinput').data).toEqual([
      { category: 'layout', value: 'v.1|layout.pdf' },
    ]);
  });

  it('adds and removes sampling items and saves them as one JSON value', async () => {
    const user = userEvent.setup();
    const fetchMock = setup({ 'POST /api/saveprojectinput': { json: { saved: 1 } } }, [
      stored('sampling_data', 'sampling_data', JSON.stringify([{ point: 'Inlet', cod: '400' }])),
    ]);
    const form = await card('Sampling data');
    const items = within(form).getByRole('list', { name: 'Sampling items' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(1);
    expect(within(items).getByLabelText(/Sample point/)).toHaveValue('Inlet');

    await user.click(within(form).getByRole('button', { name: 'Add sample' }));
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    const second = within(items).getByRole('listitem', { name: 'Sample 2' });
    await user.type(within(second).getByLabelText(/Sample point/), 'Outlet');
    await user.click(within(form).getByRole('button', { name: 'Add sample' }));
    await user.click(within(form).getByRole('button', { name: 'Remove sample 3' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callCount(fetchMock, '/api/saveprojectinput')).toBe(1));
    const body = sentJson(fetchMock, '/api/saveprojectinput');
    expect(body.category).toBe('sampling_data');
    expect(body.data).toEqual([
      {
        category: 'sampling_data',
        value: JSON.stringify([
          { point: 'Inlet', cod: '400' },
          { point: 'Outlet', cod: '' },
        ]),
      },
    ]);
  });

  it('says clearly when projectDataConfig.json is broken', async () => {
    mockFetch({
      ...formRoutes(),
      '/config/projectDataConfig.json': { json: { version: 1, forms: [{ form_alias: 'No id' }] } },
      'POST /api/getprojectinput': { json: { values: [] } },
    });
    renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
    expect(await screen.findByText(/projectDataConfig.json is not a valid forms file/)).toBeInTheDocument();
    expect(screen.getByText(/forms\.0\.form_id/)).toBeInTheDocument();
  });

  it('says when the project input cannot be loaded, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...formRoutes(),
      'POST /api/getprojectinput': () =>
        fail ? { status: 500, error: 'Database down' } : { json: { values: [] } },
    });
    renderWithProviders(<ProjectDataPanel projectId={PROJECT_ID} onClose={vi.fn()} />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Site details')).toBeInTheDocument();
  });
});
