import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectRegister, RegisterRow } from '@penstock/shared';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project, projectSelected, signedInRoutes } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProjectBrowser } from './ProjectBrowser.tsx';

const row = (itemId: string, name: string, extra: Partial<RegisterRow> = {}): RegisterRow => ({
  itemId,
  versionId: `v.${itemId}`,
  name,
  folderPath: 'WIP',
  state: 'WIP',
  revision: 'P01.01',
  suitability: 'S0',
  versionNumber: 1,
  title: '',
  description: '',
  fields: {},
  conforms: false,
  nameProblems: ['The name has 1 field'],
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  updatedBy: 'Ada Lovelace',
  ...extra,
});

const WIP_REGISTER: ProjectRegister = {
  fields: [
    { key: 'volume', label: 'Volume/System' },
    { key: 'type', label: 'Type' },
  ],
  rows: [
    row('i.pump', 'Pump station.ifc', {
      title: 'Pump station model',
      description: 'Wet well and pumps',
      fields: { volume: 'PS', type: 'M3' },
      conforms: true,
      nameProblems: [],
      revision: 'P03.01',
    }),
    row('i.valves', 'Valve chamber.ifc', {
      title: 'Valve chamber',
      fields: { volume: 'VC', type: 'M3' },
      revision: 'P01.02',
    }),
    row('i.pid', 'Process and instrumentation diagram.pdf', {
      title: 'Inlet P&ID',
      fields: { volume: 'IW', type: 'DR' },
      revision: 'P02.01',
    }),
    row('i.schedule', 'Equipment schedule.xlsx', { title: 'Equipment', fields: { type: 'SH' } }),
  ],
};
const registerUrl = `/api/projects/${PROJECT_ID}/register?folderId=f.wip`;

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(2) // the headings and the column filters
    .map((line) => within(line).getAllByRole('cell')[0]!.textContent?.replace(/name$/, '').trim());

describe("the project browser's list view", () => {
  it('lists the open folder with its metadata: sorted by a heading, filtered by the box and per column', async () => {
    const fetchMock = mockFetch({ ...signedInRoutes(), [registerUrl]: { json: WIP_REGISTER } });
    renderWithProviders(<ProjectBrowser />, { initialState: projectSelected() });
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

    // the project's top folders, the blocked one hidden, as in the tree
    const folders = await screen.findByRole('list', { name: 'Folders' });
    expect(
      within(folders)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['WIP', 'Shared']);
    await userEvent.click(within(folders).getByRole('button', { name: 'WIP' }));

    const table = await screen.findByRole('table', { name: 'Files in WIP' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'File name ▲',
      'Title',
      'Description',
      'Status',
      'Revision',
      'Suitability',
      'Volume/System',
      'Type',
    ]);
    expect(names(table)).toEqual([
      'Equipment schedule.xlsx',
      'Process and instrumentation diagram.pdf',
      'Pump station.ifc',
      'Valve chamber.ifc',
    ]);
    // the subfolder of WIP is listed above its files
    expect(
      within(screen.getByRole('list', { name: 'Folders' })).getByRole('button', { name: 'Models' }),
    ).toBeInTheDocument();
    const pump = within(table).getByRole('row', { name: /Pump station\.ifc/ });
    expect(
      within(pump)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Pump station.ifc',
      'Pump station model',
      'Wet well and pumps',
      'WIP',
      'P03.01',
      'S0',
      'PS',
      'M3',
    ]);
    // no editing while the user's role does not allow it (here: not known)
    expect(screen.queryByRole('button', { name: /^Edit the title/ })).not.toBeInTheDocument();
    // a name that breaks the standard is marked
    expect(within(within(table).getByRole('row', { name: /Valve chamber/ })).getByText('name')).toBeVisible();

    // sorting: by revision, then the other way
    await userEvent.click(within(table).getByRole('button', { name: 'Revision' }));
    expect(names(table)).toEqual([
      'Equipment schedule.xlsx',
      'Valve chamber.ifc',
      'Process and instrumentation diagram.pdf',
      'Pump station.ifc',
    ]);
    expect(within(table).getByRole('columnheader', { name: /Revision/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Revision' }));
    expect(names(table)[0]).toBe('Pump station.ifc');

    // filtering: any column, then one column
    await userEvent.type(screen.getByLabelText('Filter files'), 'wet well');
    expect(names(table)).toEqual(['Pump station.ifc']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.type(within(table).getByLabelText('Filter Type'), 'm3');
    expect(names(table)).toEqual(['Pump station.ifc', 'Valve chamber.ifc']);
    await userEvent.type(within(table).getByLabelText('Filter Volume/System'), 'zz');
    expect(names(table)).toEqual([]);
    expect(screen.getByText('No files match the filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    // files open as from the tree: a model in the workspace, any other file by its link
    expect(within(table).getByRole('link', { name: 'Equipment schedule.xlsx' })).toHaveAttribute(
      'href',
      '/api/items/i.schedule/content',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Pump station.ifc' }));
    await waitFor(() => expect(screen.getByTestId('store')).toHaveTextContent('"Pump station.ifc"'));

    // the path leads back up; one register read for the folder
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Open folder' })).getByRole('button', {
        name: project.text,
      }),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === `GET ${registerUrl}`)).toHaveLength(1);

    // back to the tree
    await userEvent.click(screen.getByRole('button', { name: 'Tree' }));
    expect(screen.queryByRole('navigation', { name: 'Open folder' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'WIP', expanded: false })).toBeVisible();
  });

  it("edits a file's title and description from the list, and reads the folder again", async () => {
    const saved: unknown[] = [];
    let title = 'Pump station model';
    const fetchMock = mockFetch({
      ...signedInRoutes(),
      [registerUrl]: () => ({
        json: { ...WIP_REGISTER, rows: [{ ...WIP_REGISTER.rows[0]!, title }] },
      }),
      'PUT /api/items/i.pump/metadata': (init) => {
        const body = JSON.parse(String(init?.body)) as { title: string; description: string };
        saved.push(body);
        title = body.title;
        return { json: { itemId: 'i.pump', ...body } };
      },
    });
    const member = projectSelected();
    renderWithProviders(<ProjectBrowser />, {
      initialState: { ...member, selectedProject: { ...project, role: 'member' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Folders' })).getByRole('button', { name: 'WIP' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the title and description of Pump station.ifc' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pump station.ifc' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pump station, wet well');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([{ title: 'Pump station, wet well', description: 'Wet well and pumps' }]);
    expect(await screen.findByRole('cell', { name: /Pump station, wet well/ })).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === `GET ${registerUrl}`)).toHaveLength(2);
  });

  it('says when the files cannot be listed', async () => {
    mockFetch({ ...signedInRoutes(), [registerUrl]: { status: 404, error: 'Not found' } });
    renderWithProviders(<ProjectBrowser />, { initialState: projectSelected() });
    await userEvent.click(await screen.findByRole('button', { name: 'List' }));
    await userEvent.click(
      within(await screen.findByRole('list', { name: 'Folders' })).getByRole('button', { name: 'WIP' }),
    );
    expect(await screen.findByText('The files of WIP could not be listed.')).toBeInTheDocument();
  });
});
