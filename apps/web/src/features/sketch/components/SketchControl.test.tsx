import 'vitest-canvas-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultPidSpec, emptySketchLists, type SavedSketch } from '@penstock/shared';
import { mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SketchPage } from './SketchPage.tsx';
import { drawingNumberFrom, folderChoices } from './IssueSketchModal.tsx';

// jsdom loads no pictures: a symbol's picture 'fails', and the symbol is placed at the default size
vi.mock('./ElementNode.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./ElementNode.tsx')>()),
  loadSketchImage: () => Promise.reject(new Error('no pictures in jsdom')),
}));

const PROJECT = {
  id: 'b.riverside',
  projectid: 'b.riverside',
  text: 'Riverside',
  type: 'project',
  hrefbim360: '',
  role: 'member',
};
const SKETCH_ID = 's.00000000-0000-4000-8000-000000000001';
const BASE = `/api/projects/b.riverside/sketches/${SKETCH_ID}`;

const text = (words: string) => ({
  id: 't1',
  tool: 'text' as const,
  x: 40,
  y: 50,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  text: words,
  fontSize: 20,
  colour: 'black',
});
const saved = (words: string, updatedAt: string): SavedSketch => ({
  ...emptySketchLists(),
  id: SKETCH_ID,
  Texts: [text(words)],
  StageSpec: { scale: 1, x: 0, y: 0 },
  PidSpec: defaultPidSpec(),
  Version: 2,
  DrawingName: 'Inlet works - 23/11/2026, 17:00:00',
  Project: PROJECT.projectid,
  updatedAt,
  updatedBy: 'Erin Walsh',
});
const STRUCTURE = {
  Id: 'b.riverside',
  Name: 'Riverside',
  Type: 'project',
  lastUpdated: '',
  NestedObjects: [
    {
      Id: 'f.wip',
      Name: 'WIP',
      Type: 'folder',
      NestedObjects: [{ Id: 'f.wip-process', Name: 'Process', Type: 'folder', NestedObjects: [] }],
    },
    {
      Id: 'f.shared',
      Name: 'Shared',
      Type: 'folder',
      NestedObjects: [
        { Id: 'f.shared-process', Name: 'Process', Type: 'folder', NestedObjects: [] },
        { Id: 'i.file', Name: 'old.pdf', Type: 'file', NestedObjects: [] },
      ],
    },
  ],
};

function routes(extra: Routes = {}): Routes {
  return {
    '/api/tree?id=%23': { json: [PROJECT] },
    '/api/user': {
      json: { id: 'u1', name: 'Erin Walsh', email: 'erin@example.com', picture: null, roles: [] },
    },
    'POST /api/getpidsketch': { json: [saved('Second words', '2026-11-24T10:00:00.000Z')] },
    '/api/legend': { json: { fluidCodes: [], pipeMaterials: [], staticProperties: [] } },
    ...extra,
  };
}

async function openSaved(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<SketchPage />, {
    path: '/SketchUp',
    initialState: { selectedProject: PROJECT } as never,
  });
  await user.click(screen.getByRole('button', { name: 'Load sketch' }));
  await user.click(await screen.findByRole('button', { name: 'Load Inlet works - 23/11/2026, 17:00:00' }));
  await waitFor(() =>
    expect(screen.getByTestId('sketch-canvas')).toHaveAttribute('data-signature', 'text@40,50=Second words'),
  );
}

describe('the sketch under document control', () => {
  it('keeps History and Issue off until a saved sketch is open', async () => {
    mockFetch(routes());
    renderWithProviders(<SketchPage />, {
      path: '/SketchUp',
      initialState: { selectedProject: PROJECT } as never,
    });
    expect(screen.getByRole('button', { name: 'History' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Issue…' })).toBeDisabled();
  });

  it('lists the versions and restores one with the base it has open, then shows the restored sketch', async () => {
    let restoredYet = false;
    const fetchMock = mockFetch(
      routes({
        'POST /api/getpidsketch': () => ({
          json: [
            restoredYet
              ? saved('First words', '2026-11-24T11:00:00.000Z')
              : saved('Second words', '2026-11-24T10:00:00.000Z'),
          ],
        }),
        [`${BASE}/versions`]: {
          json: [
            {
              number: 2,
              drawingName: 'x',
              savedAt: '2026-11-24T10:00:00.000Z',
              savedBy: 'Sam Reyes',
              bytes: 10,
              restoredFrom: null,
              issues: [
                {
                  drawingNumber: 'RWTW-SK-0001',
                  revision: 'P01',
                  suitability: 'S2',
                  sheet: 'A3',
                  issuedAt: '2026-11-24T10:30:00.000Z',
                },
              ],
            },
            {
              number: 1,
              drawingName: 'x',
              savedAt: '2026-11-23T17:00:00.000Z',
              savedBy: 'Erin Walsh',
              bytes: 9,
              restoredFrom: null,
              issues: [],
            },
          ],
        },
        [`POST ${BASE}/versions/1/restore`]: () => {
          restoredYet = true;
          return {
            json: {
              saved: 'x',
              overwritten: true,
              updatedAt: '2026-11-24T11:00:00.000Z',
              id: SKETCH_ID,
              number: 3,
            },
          };
        },
      }),
    );
    const user = userEvent.setup();
    await openSaved(user);
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: "History of 'Inlet works'" });
    expect(await within(dialog).findByText(/saved by Sam Reyes/)).toBeInTheDocument();
    expect(within(dialog).getByText(/RWTW-SK-0001 revision P01 \(S2, A3\)/)).toBeInTheDocument();
    // the current version is not offered for restore
    expect(within(dialog).queryByRole('button', { name: 'Restore version 2' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() =>
      expect(screen.getByTestId('sketch-canvas')).toHaveAttribute('data-signature', 'text@40,50=First words'),
    );
    expect(await screen.findByText('Restored as version 3.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/versions/1/restore'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ baseUpdatedAt: '2026-11-24T10:00:00.000Z' });
  });

  it('previews the codes the folder gives and issues with them, the drawing on the chosen sheet', async () => {
    const fetchMock = mockFetch(
      routes({
        '/api/workflow/structure?projectId=b.riverside': { json: STRUCTURE },
        [`${BASE}/issue?folderId=f.shared-process&drawingNumber=Inlet-works`]: {
          json: {
            folderPath: 'Shared/Process',
            state: 'Shared',
            revision: 'P01',
            suitability: 'S2',
            suitabilityDescription: 'Suitable for information / reference',
            fileNames: ['Inlet-works.pdf', 'Inlet-works.xml', 'Inlet-works.json'],
            nameProblem: null,
          },
        },
        [`POST ${BASE}/issue`]: {
          status: 201,
          json: {
            folderPath: 'Shared/Process',
            revision: 'P01',
            suitability: 'S2',
            files: [
              { itemId: 'i.1', versionId: 'v.1', fileName: 'Inlet-works.pdf' },
              { itemId: 'i.2', versionId: 'v.2', fileName: 'Inlet-works.xml' },
              { itemId: 'i.3', versionId: 'v.3', fileName: 'Inlet-works.json' },
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    await openSaved(user);
    await user.click(screen.getByRole('button', { name: 'Issue…' }));
    const dialog = await screen.findByRole('dialog', { name: "Issue 'Inlet works' as a drawing" });
    const preview = within(dialog).getByTestId('issue-preview');
    await waitFor(() =>
      expect(preview).toHaveTextContent(
        'Stored in Shared/Process as Inlet-works.pdf, Inlet-works.xml and Inlet-works.json, revision P01, suitability S2',
      ),
    );
    expect(within(dialog).getByLabelText('Drawn by')).toHaveValue('Erin Walsh');
    await user.selectOptions(within(dialog).getByLabelText('Sheet'), 'A1');
    await user.type(within(dialog).getByLabelText('Checked by'), 'Sam Reyes');
    await user.click(within(dialog).getByRole('button', { name: 'Issue drawing' }));
    expect(
      await screen.findByText(
        'Issued to Shared/Process as Inlet-works.pdf, Inlet-works.xml and Inlet-works.json, revision P01, suitability S2.',
      ),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === `${BASE}/issue` && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      folderId: 'f.shared-process',
      drawingNumber: 'Inlet-works',
      title: 'Inlet works',
      sheet: 'A1',
      drawnBy: 'Erin Walsh',
      checkedBy: 'Sam Reyes',
      description: '',
      revision: 'P01',
      suitability: 'S2',
      baseUpdatedAt: '2026-11-24T10:00:00.000Z',
    });
  });

  it('waits for a save when the sketch has unsaved changes, and shows a refusal', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch(
      routes({
        '/api/workflow/structure?projectId=b.riverside': { json: STRUCTURE },
        [`${BASE}/issue?folderId=f.shared-process&drawingNumber=Inlet-works`]: {
          status: 422,
          error: "'Inlet-works.pdf' does not follow the project's naming standard",
        },
      }),
    );
    const user = userEvent.setup();
    await openSaved(user);
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Issue…' }));
    const dialog = await screen.findByRole('dialog', { name: "Issue 'Inlet works' as a drawing" });
    expect(within(dialog).getByText(/unsaved changes/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/naming standard/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Issue drawing' })).toBeDisabled();
  });
});

describe("tag numbering from the project's tags", () => {
  it("gives a placed pump the project's next free number: its models' and other sketches' tags counted", async () => {
    const other = saved('Other', '2026-11-20T10:00:00.000Z');
    other.DrawingName = 'Outfall - 20/11/2026, 10:00:00';
    other.Images = [
      {
        id: 'o1',
        tool: 'image',
        src: '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg',
        pidItem: 'centrifugal-pump-1.svg',
        x: 0,
        y: 0,
        width: 60,
        height: 60,
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        tag: 'P-108',
      },
    ];
    const fetchMock = mockFetch(
      routes({
        'POST /api/getpidsketch': { json: [other] },
        '/api/projects/b.riverside/tags-in-use?stem=P-1': { json: { tags: ['P-101', 'P-105', 'P-1001'] } },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SketchPage />, {
      path: '/SketchUp',
      initialState: { selectedProject: PROJECT } as never,
    });
    await user.type(screen.getByLabelText('Search items'), 'Centrifugal Pump 1');
    const [tile] = await screen.findAllByRole('button', { name: 'Centrifugal Pump 1', pressed: false });
    await user.click(tile!);
    screen.getByTestId('sketch-canvas').focus();
    await user.keyboard('{Enter}');
    // P-108 in another sketch is the highest of the pattern's numbers (P-1001 is another scheme's)
    await waitFor(() =>
      expect(screen.getByTestId('sketch-canvas').getAttribute('data-signature')).toMatch(/#P-109$/),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('tags-in-use?stem=P-1'))).toBe(true);
  });
});

describe('issue dialog helpers', () => {
  it('lists folders with their paths, files left out', () => {
    expect(folderChoices(STRUCTURE as never)).toEqual([
      { id: 'f.wip', path: 'WIP' },
      { id: 'f.wip-process', path: 'WIP/Process' },
      { id: 'f.shared', path: 'Shared' },
      { id: 'f.shared-process', path: 'Shared/Process' },
    ]);
  });

  it('makes a drawing number of a sketch name', () => {
    expect(drawingNumberFrom(' Inlet works / P&ID 2 ')).toBe('Inlet-works-P-ID-2');
  });
});
