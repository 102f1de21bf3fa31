import 'vitest-canvas-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultPidSpec, emptySketchLists, type SavedSketch } from '@penstock/shared';
import { mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SketchPage } from './SketchPage.tsx';

const PROJECT = {
  id: 'b.riverside',
  projectid: 'b.riverside',
  text: 'Riverside',
  type: 'project',
  hrefbim360: '',
  role: 'member',
};

const saved = (name: string): SavedSketch => ({
  ...emptySketchLists(),
  Texts: [
    {
      id: 't1',
      tool: 'text',
      x: 40,
      y: 50,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      text: 'P-101',
      fontSize: 20,
      colour: 'black',
    },
  ],
  StageSpec: { scale: 1.5, x: 10, y: 20 },
  PidSpec: defaultPidSpec(),
  Version: 1,
  id: 's.1',
  DrawingName: name,
  Project: PROJECT.projectid,
  updatedAt: '2026-11-24T09:00:00Z',
  updatedBy: 'Erin Walsh',
});

function routes(extra: Routes = {}): Routes {
  return {
    '/api/tree?id=%23': { json: [PROJECT] },
    'POST /api/getpidsketch': { json: [saved('Inlet works - 23/11/2026, 17:00:00')] },
    '/api/legend': { json: { fluidCodes: [], pipeMaterials: [], staticProperties: [] } },
    ...extra,
  };
}

const formOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path));
  return call?.[1]?.body as FormData | undefined;
};

describe('the sketch editor page', () => {
  it("says 'No project selected' and 'Drawing name empty' before saving anything", async () => {
    const fetchMock = mockFetch(routes());
    const user = userEvent.setup();
    renderWithProviders(<SketchPage />, { path: '/SketchUp' });
    await user.click(screen.getByRole('button', { name: 'Save sketch' }));
    expect(await screen.findByText('No project selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    expect(screen.getByText('No project selected')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Riverside' });
    await user.selectOptions(screen.getByLabelText('Project'), 'b.riverside');
    await user.click(screen.getByRole('button', { name: 'Save sketch' }));
    expect(await screen.findByText('Drawing name empty')).toBeInTheDocument();
    expect(formOf(fetchMock, '/api/savepidsketch')).toBeUndefined();
  });

  it('asks before overwriting a sketch of the same name and sends every list as JSON', async () => {
    const fetchMock = mockFetch(
      routes({ 'POST /api/savepidsketch': { json: { saved: 'x', overwritten: true } } }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderWithProviders(<SketchPage />, {
      path: '/SketchUp',
      initialState: { selectedProject: PROJECT } as never,
    });
    await user.type(screen.getByLabelText('Drawing name'), 'Inlet works');
    await waitFor(() => expect(formOf(fetchMock, '/api/getpidsketch')?.get('Project')).toBe('b.riverside'));
    await screen.findByRole('option', { name: 'Riverside' });

    await user.click(screen.getByRole('button', { name: 'Save sketch' }));
    expect(confirm).toHaveBeenCalledWith(
      'A sketch already exists with that name, you are about to overwrite it.',
    );
    expect(formOf(fetchMock, '/api/savepidsketch')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Save sketch' }));
    expect(await screen.findByText('Sketch has been saved')).toBeInTheDocument();
    const form = formOf(fetchMock, '/api/savepidsketch');
    expect(form?.get('Project')).toBe('b.riverside');
    expect(String(form?.get('DrawingName'))).toMatch(/^Inlet works - \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    for (const key of [
      'Images',
      'Texts',
      'Lines',
      'StraightLines',
      'Arrows',
      'Rects',
      'Circles',
      'UploadedImages',
    ])
      expect(JSON.parse(String(form?.get(key)))).toEqual([]);
    expect(JSON.parse(String(form?.get('StageSpec')))).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('loads a sketch, puts its name back without the date and deletes one by name after confirming', async () => {
    const fetchMock = mockFetch(routes({ 'POST /api/deletepidsketch': { json: { deleted: 'x' } } }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithProviders(<SketchPage />, {
      path: '/SketchUp',
      initialState: { selectedProject: PROJECT } as never,
    });
    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    await user.click(await screen.findByRole('button', { name: 'Load Inlet works - 23/11/2026, 17:00:00' }));
    expect(screen.getByLabelText('Drawing name')).toHaveValue('Inlet works');
    await waitFor(() =>
      expect(screen.getByTestId('sketch-canvas')).toHaveAttribute('data-signature', 'text@40,50=P-101'),
    );

    await user.click(await screen.findByRole('button', { name: 'Manage saves' }));
    await user.click(
      await screen.findByRole('button', { name: 'Delete Inlet works - 23/11/2026, 17:00:00' }),
    );
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete this saved sketch?');
    await waitFor(() => expect(formOf(fetchMock, '/api/deletepidsketch')).toBeDefined());
    const form = formOf(fetchMock, '/api/deletepidsketch');
    expect(form?.get('DrawingName')).toBe('Inlet works - 23/11/2026, 17:00:00');
    expect(JSON.parse(String(form?.get('formData')))).toEqual([]);
  });

  it('finds symbols whatever the case and hides groups without a match', async () => {
    mockFetch(routes());
    const user = userEvent.setup();
    renderWithProviders(<SketchPage />, { path: '/SketchUp' });
    const palette = screen.getByLabelText('Search items').closest('.sketch-palette') as HTMLElement;
    const groupsBefore = within(palette).getAllByRole('button').length;
    await user.type(screen.getByLabelText('Search items'), 'BUTTERFLY');
    const headers = within(palette).getAllByRole('button', { name: /\(\d+\)$/ });
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.length).toBeLessThan(groupsBefore);
    expect(headers.map((header) => header.textContent)).toContain(
      headers.find((h) => /Valves/.test(h.textContent ?? ''))?.textContent,
    );
    expect(await within(palette).findAllByRole('img', { name: /butterfly/i })).not.toHaveLength(0);
  });
});
