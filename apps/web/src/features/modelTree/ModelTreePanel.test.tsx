import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../base/queryClient.ts';
import { mockFetch } from '../../test/fetchMock.ts';
import { fakeModelViewer } from '../viewer/test/fakeViewers.ts';
import { ModelTreePanel } from './ModelTreePanel.tsx';
import { BY_CATEGORY, SPATIAL, treeOf } from './test/treeFixture.ts';

function setup(selected: number | null = null) {
  const fetchMock = mockFetch({
    '/api/models/v.1/tree?by=spatial': { json: SPATIAL },
    '/api/models/v.1/tree?by=category': { json: BY_CATEGORY },
  });
  const fake = fakeModelViewer();
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModelTreePanel
        versionId="v.1"
        viewer={fake.viewer}
        selected={selected === null ? null : { versionId: 'v.1', localId: selected }}
        onSelect={onSelect}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { fake, onSelect, onClose, fetchMock, user: userEvent.setup() };
}

// jsdom has no layout: give the tree's scroller a size so the virtualised rows render
beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
});

/** the rows' labels (their names add the tag and object count they show) */
const rowNames = () =>
  screen.queryAllByRole('treeitem').map((row) => row.querySelector('.model-tree-name')?.textContent);
const row = (label: string) =>
  screen
    .getAllByRole('treeitem')
    .find((item) => item.querySelector('.model-tree-name')?.textContent === label)!;
/** the button naming the node (its name first; the expand and eye buttons start with a verb) */
const labelButton = (name: string) => within(row(name)).getByRole('button', { name: new RegExp(`^${name}`) });

describe('ModelTreePanel', () => {
  it('shows the spatial structure down to the storeys with their object counts', async () => {
    setup();
    await screen.findByRole('tree', { name: /spatial/ });
    expect(rowNames()).toEqual(['Works', 'Site', 'Plant', 'Ground Floor', 'Upper Deck']);
    expect(within(row('Ground Floor')).getByText('3')).toBeInTheDocument();
    expect(row('Ground Floor')).toHaveAttribute('aria-expanded', 'false');
    expect(row('Works')).toHaveAttribute('aria-level', '1');
    expect(row('Ground Floor')).toHaveAttribute('aria-level', '4');
  });

  it('expands and collapses a storey', async () => {
    const { user } = setup();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Expand Ground Floor' }));
    expect(rowNames()).toEqual([
      'Works',
      'Site',
      'Plant',
      'Ground Floor',
      'Raw water pump',
      'V-7',
      'Upper Deck',
    ]);
    expect(row('Ground Floor')).toHaveAttribute('aria-expanded', 'true');
    // a tag differing from the name is shown beside it
    expect(within(row('Raw water pump')).getByText('P-101')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse Ground Floor' }));
    expect(rowNames()).toEqual(['Works', 'Site', 'Plant', 'Ground Floor', 'Upper Deck']);
  });

  it('searches by tag or name and shows the matches with their ancestors, opened', async () => {
    const { user } = setup();
    await screen.findByRole('tree');
    const search = screen.getByRole('searchbox', { name: /search the model tree/i });
    await user.type(search, 'p-101');
    await waitFor(() =>
      expect(rowNames()).toEqual(['Works', 'Site', 'Plant', 'Ground Floor', 'Raw water pump']),
    );
    await user.clear(search);
    await user.type(search, 'wall');
    await waitFor(() => expect(rowNames()).toEqual(['Works', 'Site', 'Plant', 'Upper Deck', 'Wall']));
    await user.clear(search);
    await user.type(search, 'no such thing');
    expect(await screen.findByText("Nothing matches 'no such thing'.")).toBeInTheDocument();
    // clearing the search brings back what was open before
    await user.clear(search);
    await waitFor(() => expect(rowNames()).toEqual(['Works', 'Site', 'Plant', 'Ground Floor', 'Upper Deck']));
  });

  it('selects and frames the object of a clicked node and tells the app; a branch selects all of its objects', async () => {
    const { user, fake, onSelect } = setup();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Expand Ground Floor' }));
    await user.click(labelButton('V-7'));
    expect(onSelect).toHaveBeenLastCalledWith(22, 'v.1');
    await waitFor(() => expect(fake.viewer.fit).toHaveBeenLastCalledWith([22]));
    expect(fake.viewer.select).toHaveBeenLastCalledWith([22]);

    await user.click(labelButton('Ground Floor'));
    expect(onSelect).toHaveBeenLastCalledWith(10, 'v.1');
    await waitFor(() => expect(fake.viewer.select).toHaveBeenLastCalledWith([20, 21, 22]));
    expect(fake.viewer.fit).toHaveBeenLastCalledWith([20, 21, 22]);
  });

  it('hides and shows a branch and a single object with the eye icons', async () => {
    const { user, fake } = setup();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'Hide Ground Floor' }));
    expect(fake.viewer.hide).toHaveBeenLastCalledWith([20, 21, 22], true);
    // all of its objects hidden: the eye now shows them again
    await user.click(screen.getByRole('button', { name: 'Show Ground Floor' }));
    expect(fake.viewer.hide).toHaveBeenLastCalledWith([20, 21, 22], false);

    await user.click(screen.getByRole('button', { name: 'Expand Ground Floor' }));
    await user.click(screen.getByRole('button', { name: 'Hide V-7' }));
    expect(fake.viewer.hide).toHaveBeenLastCalledWith([22], true);
    expect(screen.getByRole('button', { name: 'Show V-7' })).toBeInTheDocument();
    // partly hidden: the storey's eye still hides the rest
    expect(screen.getByRole('button', { name: 'Hide Ground Floor' })).toHaveClass('partly');
    expect(fake.viewer.visibleCount()).toBe(9);
  });

  it('opens the branch of an object selected in the model and marks it', async () => {
    setup(21);
    await screen.findByRole('tree');
    expect(rowNames()).toContain('Motor');
    expect(row('Motor')).toHaveAttribute('aria-selected', 'true');
  });

  it('switches to the category view and closes', async () => {
    const { user, onSelect, onClose, fake } = setup();
    await screen.findByRole('tree');
    await user.click(screen.getByRole('button', { name: 'By category' }));
    await screen.findByRole('tree', { name: /category/ });
    expect(rowNames()).toEqual(['Pump', 'Valve']);
    await user.click(labelButton('Valve'));
    // a group is no one object: the app is told nothing is selected, the viewer selects its objects
    expect(onSelect).toHaveBeenLastCalledWith(null, 'v.1');
    await waitFor(() => expect(fake.viewer.select).toHaveBeenLastCalledWith([22]));
    await user.click(screen.getByRole('button', { name: 'Close Model tree' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows every model of a federated view under a root each; selects and hides in the right model', async () => {
    const PROCESS = treeOf('spatial', [
      {
        kind: 's',
        id: 1,
        name: 'Process',
        ifcClass: 'IfcProject',
        children: [{ kind: 'e', id: 40, name: 'Dosing tank', tag: 'TK-201', ifcClass: 'IfcTank' }],
      },
    ]);
    mockFetch({
      '/api/models/v.1/tree?by=spatial': { json: SPATIAL },
      '/api/models/v.2/tree?by=spatial': { json: PROCESS },
      '/api/models/v.1': { json: { fileName: 'works.ifc', versionNumber: 1, revision: 'P01' } },
      '/api/models/v.2': { json: { fileName: 'process.ifc', versionNumber: 3, revision: 'P03' } },
    });
    const fake = fakeModelViewer();
    fake.viewer.federation.list.mockReturnValue([{ modelId: 'urn:v.2', versionId: 'v.2' }] as never);
    fake.viewer.appearance.hiddenIn.mockImplementation(((modelId: string) =>
      modelId === 'urn:v.2' ? [] : []) as never);
    const onSelect = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ModelTreePanel
          versionId="v.1"
          viewer={fake.viewer}
          selected={{ versionId: 'v.2', localId: 40 }}
          onSelect={onSelect}
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('treeitem', { name: /^process\.ifc · v3 · P03/ });
    expect(rowNames()).toEqual([
      'works.ifc · v1 · P01',
      'Works',
      'Site',
      'Plant',
      'Ground Floor',
      'Upper Deck',
      'process.ifc · v3 · P03',
      'Process',
      'Dosing tank',
    ]);
    // the object selected in the other model is marked there, not the tab model's object of that localId
    expect(row('Dosing tank')).toHaveAttribute('aria-selected', 'true');

    await user.click(labelButton('Dosing tank'));
    expect(onSelect).toHaveBeenLastCalledWith(40, 'v.2');
    await waitFor(() =>
      expect(fake.viewer.selectObjects).toHaveBeenLastCalledWith([{ model: 'urn:v.2', localId: 40 }]),
    );
    // and frames it, in its own model (not the tab model's object of that localId)
    await waitFor(() =>
      expect(fake.viewer.fitObjects).toHaveBeenLastCalledWith([{ model: 'urn:v.2', localId: 40 }]),
    );
    expect(fake.viewer.fit).not.toHaveBeenCalled();
    // a model's root selects and frames that whole model
    await user.click(labelButton('process.ifc · v3 · P03'));
    await waitFor(() => expect(fake.viewer.fitModel).toHaveBeenLastCalledWith('urn:v.2'));

    await user.click(within(row('Dosing tank')).getByRole('button', { name: 'Hide Dosing tank' }));
    expect(fake.viewer.appearance.hide).toHaveBeenLastCalledWith([{ model: 'urn:v.2', localId: 40 }], true);
    expect(fake.viewer.hide).not.toHaveBeenCalled();
  });

  it('says when the tree cannot be loaded', async () => {
    mockFetch({
      '/api/models/v.1/tree?by=spatial': { status: 409, error: 'The model is still being converted' },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ModelTreePanel
          versionId="v.1"
          viewer={fakeModelViewer().viewer}
          selected={null}
          onSelect={vi.fn()}
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The model is still being converted')).toBeInTheDocument();
  });
});
