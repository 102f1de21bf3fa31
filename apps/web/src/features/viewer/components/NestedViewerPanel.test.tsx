import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Viewable } from '../api.ts';
import { ViewerEngineProvider } from '../engine.tsx';
import { fakeEngine, fakeModelViewer } from '../test/fakeViewers.ts';
import {
  NestedViewerPanel,
  initialNestedBox,
  nestedViewables,
  NESTED_PANEL_HEIGHT,
  NESTED_PANEL_WIDTH,
} from './NestedViewerPanel.tsx';

const viewables: Viewable[] = [
  { guid: 'g.ground', name: 'Ground Floor', role: '2d', storey: 'Ground Floor' },
  { guid: 'g.project', name: '3D', role: '3d' },
  { guid: 'g.first', name: 'First Floor plan', role: '2d', storey: 'First Floor' },
];

function renderPanel(props: Partial<Parameters<typeof NestedViewerPanel>[0]> = {}) {
  const fake = fakeModelViewer();
  const onClose = vi.fn();
  const all = {
    viewables,
    fragments: new TextEncoder().encode('FRAG').buffer,
    modelId: 'urn:v.1',
    selected: null,
    areaWidth: 1200,
    onClose,
    ...props,
  };
  const engine = fakeEngine(fake);
  const result = render(
    <ViewerEngineProvider engine={engine}>
      <NestedViewerPanel {...all} />
    </ViewerEngineProvider>,
  );
  const rerender = (next: Partial<typeof all>) =>
    result.rerender(
      <ViewerEngineProvider engine={engine}>
        <NestedViewerPanel {...all} {...next} />
      </ViewerEngineProvider>,
    );
  return { fake, onClose, rerender, engine };
}

const loaded = async (fake: ReturnType<typeof fakeModelViewer>) => {
  await vi.waitFor(() => expect(fake.viewer.load).toHaveBeenCalled());
  await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'Sync selection' })).toBeEnabled());
};

describe('nested viewer panel', () => {
  it('starts 500 by 400, 5em from the top and right', () => {
    expect(initialNestedBox(1200, 16)).toEqual({ x: 620, y: 80, width: 500, height: 400 });
    expect(initialNestedBox(300, 16).x).toBe(0);
    renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'Views' });
    expect(dialog.style.width).toBe(`${NESTED_PANEL_WIDTH}px`);
    expect(dialog.style.height).toBe(`${NESTED_PANEL_HEIGHT}px`);
  });

  it('lists the 3D view then the plans, loads its own viewer and shows the chosen plan', async () => {
    expect(nestedViewables(viewables).map((v) => v.guid)).toEqual(['g.project', 'g.ground', 'g.first']);
    const { fake } = renderPanel();
    const select = screen.getByRole('combobox', { name: 'Viewable' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3D (3D)', 'Ground Floor (2D plan)', 'First Floor plan (2D plan)']);
    await loaded(fake);
    const [bytes, modelId] = fake.viewer.load.mock.calls[0] ?? [];
    expect(new TextDecoder().decode(bytes)).toBe('FRAG');
    expect(modelId).toBe('urn:v.1#nested');
    await vi.waitFor(() => expect(fake.viewer.showPlan).toHaveBeenLastCalledWith(null));
    await userEvent.selectOptions(select, 'g.first');
    // the storey's name, not the viewable's
    await vi.waitFor(() => expect(fake.viewer.showPlan).toHaveBeenLastCalledWith('First Floor'));
    await userEvent.selectOptions(select, 'g.project');
    await vi.waitFor(() => expect(fake.viewer.showPlan).toHaveBeenLastCalledWith(null));
  });

  it("says 'No viewables found' when the model has none, and loads nothing", () => {
    const { engine } = renderPanel({ viewables: [] });
    const select = screen.getByRole('combobox', { name: 'Viewable' });
    expect(select).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'No viewables found' })).toBeInTheDocument();
    expect(engine.createModelViewer).not.toHaveBeenCalled();
  });

  it('syncs the main selection into the nested viewer when asked', async () => {
    const { fake, rerender } = renderPanel({ selected: 12 });
    await loaded(fake);
    expect(fake.viewer.select).not.toHaveBeenCalled();
    const sync = screen.getByRole('checkbox', { name: 'Sync selection' });
    await userEvent.click(sync);
    await vi.waitFor(() => expect(fake.viewer.select).toHaveBeenLastCalledWith([12]));
    rerender({ selected: 40 });
    await vi.waitFor(() => expect(fake.viewer.select).toHaveBeenLastCalledWith([40]));
    rerender({ selected: null });
    await vi.waitFor(() => expect(fake.viewer.select).toHaveBeenLastCalledWith([]));
    await userEvent.click(sync);
    rerender({ selected: 7 });
    expect(fake.viewer.select).not.toHaveBeenCalledWith([7]);
  });

  it("logs 'Could not load document.' and shows it when the nested viewer fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeModelViewer();
    fake.viewer.load.mockRejectedValueOnce(new Error('The model could not be loaded: bad bytes'));
    render(
      <ViewerEngineProvider engine={fakeEngine(fake)}>
        <NestedViewerPanel
          viewables={viewables}
          fragments={new ArrayBuffer(4)}
          modelId="urn:v.1"
          selected={null}
          areaWidth={1000}
          onClose={() => undefined}
        />
      </ViewerEngineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load document.');
    expect(alert).toHaveTextContent('bad bytes');
    expect(error).toHaveBeenCalledWith('Could not load document.', expect.any(Error));
    error.mockRestore();
  });

  it('closes by its close button', async () => {
    const { fake, onClose } = renderPanel();
    await loaded(fake);
    await userEvent.click(screen.getByRole('button', { name: 'Close views' }));
    expect(onClose).toHaveBeenCalled();
  });
});
