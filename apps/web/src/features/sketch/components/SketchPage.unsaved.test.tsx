import 'vitest-canvas-mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPidSpec, emptySketchLists, type SavedSketch } from '@penstock/shared';
import { mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SKETCH_DRAFT_KEY } from '../state/sketchDraft.ts';
import { SketchPage } from './SketchPage.tsx';

/** Item 13 and 14 of issue 31: unsaved work is asked about and kept; symbols are placed without a drag. */

const PROJECT = {
  id: 'b.riverside',
  projectid: 'b.riverside',
  text: 'Riverside',
  type: 'project',
  hrefbim360: '',
  role: 'member',
};
const SAVED: SavedSketch = {
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
  StageSpec: { scale: 1, x: 0, y: 0 },
  PidSpec: defaultPidSpec(),
  Version: 1,
  id: 's.1',
  DrawingName: 'Inlet works - 23/11/2026, 17:00:00',
  Project: PROJECT.projectid,
  updatedAt: '2026-11-24T09:00:00Z',
  updatedBy: 'Erin Walsh',
};
const routes: Routes = {
  '/api/tree?id=%23': { json: [PROJECT] },
  'POST /api/getpidsketch': { json: [SAVED] },
  '/api/legend': { json: { fluidCodes: [], pipeMaterials: [], staticProperties: [] } },
};

const canvas = () => screen.getByTestId('sketch-canvas');
const renderPage = () =>
  renderWithProviders(<SketchPage />, {
    path: '/SketchUp',
    initialState: { selectedProject: PROJECT } as never,
  });

/** Unsaved work: a text added with the toolbar (its editor closed with Escape, keeping the default text). */
async function addText(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTitle('Add text'));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(canvas()).toHaveAttribute('data-signature', 'text@10,10=please type here'));
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the sketch editor with unsaved work', () => {
  it('asks in a dialog before Load replaces unsaved work; Cancel keeps the canvas and the name', async () => {
    mockFetch(routes);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Drawing name'), 'My draft');
    await addText(user);

    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    await user.click(await screen.findByRole('button', { name: `Load ${SAVED.DrawingName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the unsaved sketch?' });
    expect(dialog).toHaveTextContent("Loading 'Inlet works' replaces what is on the canvas.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(canvas()).toHaveAttribute('data-signature', 'text@10,10=please type here');
    expect(screen.getByLabelText('Drawing name')).toHaveValue('My draft');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    await user.click(await screen.findByRole('button', { name: `Load ${SAVED.DrawingName}` }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes and load' }));
    await waitFor(() => expect(canvas()).toHaveAttribute('data-signature', 'text@40,50=P-101'));
    expect(screen.getByLabelText('Drawing name')).toHaveValue('Inlet works');

    // a loaded, unchanged sketch is not unsaved work: the next load does not ask
    await user.click(screen.getByRole('button', { name: 'Load sketch' }));
    await user.click(await screen.findByRole('button', { name: `Load ${SAVED.DrawingName}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("asks in the app's dialog before clearing the canvas", async () => {
    mockFetch(routes);
    const confirm = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    renderPage();
    await addText(user);
    await user.click(screen.getByRole('button', { name: /Clear canvas/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the canvas?' });
    expect(dialog).toHaveTextContent('Are you sure you want to clear the canvas?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(canvas()).toHaveAttribute('data-elements', '1');
    await user.click(screen.getByRole('button', { name: /Clear canvas/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clear the canvas?' })).getByRole('button', {
        name: 'Clear canvas',
      }),
    );
    await waitFor(() => expect(canvas()).toHaveAttribute('data-elements', '0'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps an unsaved sketch as a draft and offers it back on the next open', async () => {
    mockFetch(routes);
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(screen.getByLabelText('Drawing name'), 'Clarifier tie-in');
    await addText(user);
    await waitFor(() => expect(localStorage.getItem(SKETCH_DRAFT_KEY)).not.toBeNull());
    const kept = JSON.parse(localStorage.getItem(SKETCH_DRAFT_KEY)!) as { version: number; lists: unknown };
    expect(kept.version).toBe(1);
    first.unmount();

    // the tab was closed: the next open offers the draft, and does not drop it before the answer
    const second = renderPage();
    expect(await screen.findByText(/^Restore unsaved sketch from .+\?$/)).toBeInTheDocument();
    expect(canvas()).toHaveAttribute('data-elements', '0');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(localStorage.getItem(SKETCH_DRAFT_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(canvas()).toHaveAttribute('data-signature', 'text@10,10=please type here');
    expect(screen.getByLabelText('Drawing name')).toHaveValue('Clarifier tie-in');
    expect(screen.queryByText(/^Restore unsaved sketch/)).not.toBeInTheDocument();
    second.unmount();

    // Discard drops it for good
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(localStorage.getItem(SKETCH_DRAFT_KEY)).toBeNull();
    expect(canvas()).toHaveAttribute('data-elements', '0');
  });

  it('does not offer a draft that fails its check (another version, cut-off JSON)', async () => {
    mockFetch(routes);
    for (const text of [
      JSON.stringify({ version: 2, savedAt: new Date().toISOString(), lists: SAVED, stage: SAVED.StageSpec }),
      '{"version":1,"savedAt":"2026-11-28T04:00:00Z","lists":{"Texts":[{"id":',
      JSON.stringify({ version: 1, savedAt: 'yesterday', lists: emptySketchLists(), stage: SAVED.StageSpec }),
    ]) {
      localStorage.setItem(SKETCH_DRAFT_KEY, text);
      const page = renderPage();
      await screen.findByRole('option', { name: 'Riverside' });
      expect(screen.queryByText(/^Restore unsaved sketch/)).not.toBeInTheDocument();
      expect(localStorage.getItem(SKETCH_DRAFT_KEY)).toBeNull();
      page.unmount();
    }
  });
});

describe('placing a symbol without a drag', () => {
  it('chooses a symbol by click or keyboard, shows it chosen, and Escape cancels', async () => {
    mockFetch(routes);
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Search items'), 'butterfly');
    const [tile] = await screen.findAllByRole('button', { name: /butterfly/i, pressed: false });
    const name = tile!.getAttribute('aria-label')!;

    await user.click(tile!);
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/chosen: click or tap the canvas/)).toHaveTextContent(
      `'${name}' chosen: click or tap the canvas to place it`,
    );
    expect(canvas()).toHaveAttribute('data-placing', name);
    expect(canvas()).toHaveAccessibleName(
      `Sketch canvas: click or tap to place '${name}', or press Enter to place it in the middle`,
    );
    // choosing it again puts it back
    await user.click(tile!);
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    expect(canvas()).not.toHaveAttribute('data-placing');

    // from the keyboard: Enter chooses and moves to the canvas; Escape cancels
    act(() => tile!.focus());
    await user.keyboard('{Enter}');
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(canvas()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(/chosen: click or tap the canvas/)).not.toBeInTheDocument();
    act(() => tile!.focus());
    await user.keyboard(' ');
    expect(tile).toHaveAttribute('aria-pressed', 'true');
  });
});
