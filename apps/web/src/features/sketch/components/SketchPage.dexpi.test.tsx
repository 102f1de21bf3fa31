import 'vitest-canvas-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultPidSpec, emptySketchLists, type DexpiImportAnswer, type SavedSketch } from '@penstock/shared';
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

const sketch = (id: string, name: string, text: string): SavedSketch => ({
  ...emptySketchLists(),
  Texts: [
    {
      id: `t-${id}`,
      tool: 'text',
      x: 40,
      y: 50,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      text,
      fontSize: 20,
      colour: 'black',
    },
  ],
  StageSpec: { scale: 1, x: 0, y: 0 },
  PidSpec: defaultPidSpec(),
  Version: 2,
  id: id,
  DrawingName: name,
  Project: PROJECT.projectid,
  updatedAt: '2026-11-24T09:00:00Z',
  updatedBy: 'Erin Walsh',
});

const INLET = sketch('s.1', 'Inlet works - 23/11/2026, 17:00:00', 'P-101');
const IMPORTED = sketch('s.9', 'Design house P&ID - 29/11/2026, 10:00:00', 'Deaerator');
const ANSWER: DexpiImportAnswer = {
  sketchId: 's.9',
  drawingName: IMPORTED.DrawingName,
  report: {
    equipment: 3,
    nozzles: 5,
    pipingSegments: 3,
    connections: 8,
    inlineComponents: 2,
    instruments: 2,
    signalLines: 1,
    unmappedClasses: ['Deaerator', 'SpectacleBlind'],
  },
};
const IMPORT_URL = 'POST /api/projects/b.riverside/sketches/import-dexpi';
const EXPORT_URL = '/api/projects/b.riverside/sketches/s.1/export-dexpi';

function routes(extra: Routes = {}): Routes {
  return {
    '/api/tree?id=%23': { json: [PROJECT] },
    'POST /api/getpidsketch': { json: [INLET] },
    '/api/legend': { json: { fluidCodes: [], pipeMaterials: [], staticProperties: [] } },
    ...extra,
  };
}

const render = () =>
  renderWithProviders(<SketchPage />, {
    path: '/SketchUp',
    initialState: { selectedProject: PROJECT } as never,
  });

describe('DEXPI in the sketch editor', () => {
  it('imports a file, shows what was mapped and opens the new sketch', async () => {
    let listed = [INLET];
    let sent: FormData | undefined;
    mockFetch(
      routes({
        'POST /api/getpidsketch': () => ({ json: listed }),
        [IMPORT_URL]: (init) => {
          sent = init?.body as FormData;
          listed = [IMPORTED, INLET];
          return { status: 201, json: ANSWER };
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: /Import DEXPI/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import DEXPI' });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    const file = new File(['<PlantModel/>'], 'design-house.xml', { type: 'application/xml' });
    await user.upload(within(dialog).getByLabelText('DEXPI file'), file);
    await user.type(within(dialog).getByLabelText('Sketch name (optional)'), 'Design house P&ID');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText(`Imported as '${ANSWER.drawingName}'.`)).toBeInTheDocument();
    expect((sent?.get('file') as File).name).toBe('design-house.xml');
    expect(sent?.get('name')).toBe('Design house P&ID');
    const report = within(dialog).getByRole('table', { name: 'Import report' });
    expect(within(report).getByRole('row', { name: 'Equipment 3' })).toBeInTheDocument();
    expect(within(report).getByRole('row', { name: 'Connections 8' })).toBeInTheDocument();
    expect(within(report).getByRole('row', { name: 'Signal lines 1' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('dexpi-unmapped')).toHaveTextContent('Deaerator, SpectacleBlind');

    await user.click(within(dialog).getByRole('button', { name: 'Open the new sketch' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import DEXPI' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Drawing name')).toHaveValue('Design house P&ID');
    await waitFor(() =>
      expect(screen.getByTestId('sketch-canvas')).toHaveAttribute('data-signature', 'text@40,50=Deaerator'),
    );
  });

  it('says why an import failed and keeps the dialog open', async () => {
    mockFetch(
      routes({
        [IMPORT_URL]: {
          status: 400,
          error: 'The file is not well-formed XML: line 4, column 3: Expected closing tag',
        },
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: /Import DEXPI/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import DEXPI' });
    await user.upload(within(dialog).getByLabelText('DEXPI file'), new File(['<a>'], 'bad.xml'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText(
        'The file was not imported: The file is not well-formed XML: line 4, column 3: Expected closing tag',
      ),
    ).toBeInTheDocument();
  });

  it('offers no import to a viewer of the project', async () => {
    const viewer = { ...PROJECT, role: 'viewer' };
    mockFetch(routes({ '/api/tree?id=%23': { json: [viewer] } }));
    renderWithProviders(<SketchPage />, {
      path: '/SketchUp',
      initialState: { selectedProject: viewer } as never,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /Import DEXPI/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: /Import DEXPI/ })).toHaveAttribute(
      'title',
      'Viewers cannot add sketches to this project',
    );
  });

  it('exports the saved sketch, and asks for a save first when there is none', async () => {
    const fetchMock = mockFetch(routes({ [EXPORT_URL]: { text: '<PlantModel/>' } }));
    const createObjectURL = vi.fn(() => 'blob:dexpi');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: /Export DEXPI/ }));
    expect(
      await screen.findByText('Save the sketch first: the DEXPI export writes the saved sketch.'),
    ).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    await user.click(await screen.findByRole('button', { name: 'Load Inlet works - 23/11/2026, 17:00:00' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: /Export DEXPI/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === EXPORT_URL)).toBe(true);
  });
});
