import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { PALETTE } from '@penstock/viewer/appearance';
import { createQueryClient } from '../../../base/queryClient.ts';
import { mockFetch } from '../../../test/fetchMock.ts';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { APPEARANCE_TITLE, AppearancePanel, NO_SELECTION_TITLE, undoKey } from './AppearancePanel.tsx';
import { colourOptions } from './appearance/colourBy.ts';

const MODEL = 'urn:v.1';
const own = (...ids: number[]) => ids.map((localId) => ({ model: MODEL, localId }));

const NAMES = {
  properties: [
    { set: 'Penstock_Asset', name: 'Fluid Code', count: 3 },
    { set: 'Penstock_Asset', name: 'P&ID Class', count: 4 },
  ],
};
const FLUID_CODES = {
  values: [
    { localId: 1, value: 'RW' },
    { localId: 2, value: 'PW' },
    { localId: 3, value: 'RW' },
  ],
};

function renderPanel(selected: number | null = null) {
  const fetchMock = mockFetch({
    '/api/models/v.1/property-names': { json: NAMES },
    '/api/models/v.1/property-values?set=Penstock_Asset&name=Fluid%20Code': { json: FLUID_CODES },
    '/api/models/v.1/property-values?attribute=category': {
      json: { values: [{ localId: 1, value: 'Valves' }] },
    },
  });
  const fake = fakeModelViewer();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppearancePanel
        viewer={fake.viewer}
        versionId="v.1"
        projectId="p.1"
        selected={selected}
        currentView={() => fake.viewer.storedViewerState()}
        restoreView={async () => undefined}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { fake, appearance: fake.viewer.appearance, fetchMock, onClose, user: userEvent.setup() };
}

const status = () => within(screen.getByRole('region', { name: 'Show and hide' })).getByRole('status');

afterEach(() => vi.unstubAllGlobals());

describe('Visibility panel', () => {
  it('hides and isolates the selection, shows everything, and undoes and redoes with buttons and keys', async () => {
    const { fake, appearance, user } = renderPanel();
    expect(screen.getByRole('region', { name: APPEARANCE_TITLE })).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Hide selected' });
    expect(hide).toBeDisabled();
    expect(hide).toHaveAttribute('title', NO_SELECTION_TITLE);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    // a click in the model selects two objects
    fake.viewer.selectedObjects.mockReturnValue(own(4, 5) as never);
    fake.click(4);
    await waitFor(() => expect(hide).toBeEnabled());
    await user.click(hide);
    expect(appearance.hide).toHaveBeenCalledWith(own(4, 5));
    await waitFor(() => expect(status()).toHaveTextContent('Nothing isolated, 2 hidden'));
    await user.click(screen.getByRole('button', { name: 'Isolate selected' }));
    expect(appearance.isolate).toHaveBeenCalledWith(own(4, 5));
    await waitFor(() => expect(status()).toHaveTextContent('2 objects isolated, 2 hidden'));

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(status()).toHaveTextContent('Nothing isolated, 0 hidden'));
    expect(screen.getByRole('button', { name: 'Show all' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status()).toHaveTextContent('2 objects isolated, 2 hidden'));
    // Ctrl+Z in the panel undoes, Ctrl+Y redoes
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(status()).toHaveTextContent('Nothing isolated, 2 hidden'));
    await user.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(status()).toHaveTextContent('2 objects isolated, 2 hidden'));
    expect(appearance.undo).toHaveBeenCalledTimes(2);
    expect(appearance.redo).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(status()).toHaveTextContent('Nothing isolated, 0 hidden'));
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('turns x-ray on and off', async () => {
    const { appearance, user } = renderPanel(7);
    const xray = screen.getByRole('switch', { name: /X-ray/ });
    expect(xray).not.toBeChecked();
    await user.click(xray);
    expect(appearance.setXray).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(xray).toBeChecked());
    await user.click(xray);
    expect(appearance.setXray).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(xray).not.toBeChecked());
  });

  it('colours by a property with a legend whose rows select or isolate their objects; clears the colours', async () => {
    const { fake, appearance, user } = renderPanel();
    const select = screen.getByRole('combobox', { name: 'Colour by' });
    await screen.findByRole('option', { name: 'Fluid Code (3)' });
    expect(within(select).getByRole('group', { name: 'Object' })).toHaveTextContent(
      'CategoryIFC classStorey',
    );
    await user.selectOptions(select, 'Fluid Code (3)');
    await waitFor(() =>
      expect(appearance.colourBy).toHaveBeenCalledWith('Fluid Code', [
        { model: MODEL, localId: 1, value: 'RW' },
        { model: MODEL, localId: 2, value: 'PW' },
        { model: MODEL, localId: 3, value: 'RW' },
      ]),
    );
    const legend = await screen.findByRole('figure', { name: 'Legend: Fluid Code' });
    const rows = within(legend).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['PW1Isolate', 'RW2Isolate']);
    expect(within(rows[1]!).getByText('RW').previousSibling).toHaveStyle({ backgroundColor: PALETTE[1] });
    expect(select).toHaveValue('property:["Penstock_Asset","Fluid Code"]');

    await user.click(within(legend).getByRole('button', { name: 'Select the 2 objects of RW' }));
    expect(fake.viewer.selectObjects).toHaveBeenCalledWith(own(1, 3));
    await user.click(within(legend).getByRole('button', { name: 'Isolate RW' }));
    expect(appearance.isolate).toHaveBeenLastCalledWith(own(1, 3));

    // another choice replaces the colours; undo brings the first back
    await user.selectOptions(select, 'Category');
    await screen.findByRole('figure', { name: 'Legend: Category' });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('figure', { name: 'Legend: Fluid Code' });

    await user.click(screen.getByRole('button', { name: 'Clear colours' }));
    await waitFor(() => expect(screen.queryByRole('figure')).not.toBeInTheDocument());
    expect(select).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear colours' })).toBeDisabled();
  });

  it('tells when the property names cannot be read', async () => {
    mockFetch({
      '/api/models/v.1/property-names': { status: 409, error: 'The model is still being converted' },
    });
    const fake = fakeModelViewer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AppearancePanel
          viewer={fake.viewer}
          versionId="v.1"
          projectId="p.1"
          selected={null}
          currentView={() => fake.viewer.storedViewerState()}
          restoreView={async () => undefined}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The model is still being converted');
    // the object attributes can still be chosen
    expect(screen.getByRole('option', { name: 'IFC class' })).toBeInTheDocument();
  });

  it('closes', async () => {
    const { onClose, user } = renderPanel();
    await user.click(screen.getByRole('button', { name: `Close ${APPEARANCE_TITLE}` }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('colourOptions', () => {
  it('merges the property names of the models, counting their objects; a name in two sets says its set', () => {
    const options = colourOptions([
      [
        { set: 'Pset_A', name: 'Status', count: 2 },
        { set: 'Penstock_Asset', name: 'Fluid Code', count: 3 },
      ],
      [
        { set: 'Penstock_Asset', name: 'Fluid Code', count: 4 },
        { set: 'Pset_B', name: 'Status', count: 1 },
        { set: '', name: 'Mark', count: 1 },
      ],
    ]);
    expect(options.map((option) => [option.group, option.label, option.count])).toEqual([
      ['Object', 'Category', undefined],
      ['Object', 'IFC class', undefined],
      ['Object', 'Storey', undefined],
      ['Properties', 'Mark', 1],
      ['Penstock_Asset', 'Fluid Code', 7],
      ['Pset_A', 'Status (Pset_A)', 2],
      ['Pset_B', 'Status (Pset_B)', 1],
    ]);
  });

  it('reads Ctrl+Z as undo and Ctrl+Y or Ctrl+Shift+Z as redo', () => {
    const key = (k: string, extra: Partial<Parameters<typeof undoKey>[0]> = {}) =>
      undoKey({ key: k, ctrlKey: true, metaKey: false, shiftKey: false, ...extra });
    expect(key('z')).toBe('undo');
    expect(key('Z', { shiftKey: true })).toBe('redo');
    expect(key('y')).toBe('redo');
    expect(key('z', { ctrlKey: false, metaKey: true })).toBe('undo');
    expect(key('z', { ctrlKey: false })).toBeNull();
    expect(key('x')).toBeNull();
  });
});
