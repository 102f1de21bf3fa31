import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarkupRecord } from '@penstock/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID } from '../../../test/fixtures.ts';
import { fakeModelViewer } from '../../viewer/test/fakeViewers.ts';
import { useMarkupTools } from '../useMarkupTools.tsx';

const VERSION = 'v.33333333-3333-4333-8333-333333333333';
const info = {
  versionId: VERSION,
  itemId: 'i.44444444-4444-4444-8444-444444444444',
  projectId: PROJECT_ID,
  projectName: 'Riverside WTW',
  fileName: 'RWTW-3D-Treatment-Works.ifc',
  fileType: 'ifc',
  conversion: { state: 'done', progress: 100, error: null },
  objectCount: 10,
  viewables: [],
};
const users = {
  data: {
    results: [
      { autodeskId: 'u1', email: 'tm@penstock.demo', firstName: 'Tom', lastName: 'Hughes' },
      { autodeskId: 'u2', email: 'ew@penstock.demo', firstName: 'Erin', lastName: 'Walsh' },
    ],
  },
};
const record = (
  id: string,
  title: string,
  by: string,
  forEmail: string,
  actioned: boolean,
  drawing: unknown = {
    // saved before drawings recorded their frame: read as 'fill'
    version: 1,
    shapes: [{ id: 'a', type: 'rect', x: 0.1, y: 0.1, w: 0.2, h: 0.2, style: {} }],
  },
): MarkupRecord => ({
  id,
  projectId: PROJECT_ID,
  projectName: 'Riverside WTW',
  documentId: VERSION,
  itemId: info.itemId,
  documentName: info.fileName,
  createdDate: '2025-03-04T10:00:00.000Z',
  createdByUserId: 'u9',
  createdByName: by,
  createdFor: forEmail,
  actioned,
  title,
  markupData: [
    {
      markupId: `mi.${id}`,
      markupTitle: title,
      markupData: JSON.stringify(drawing),
      markupstate: JSON.stringify({ version: 1, kind: '3d', camera: { position: { x: 1, y: 2, z: 3 } } }),
      imagePreview: `/api/markups/preview/mi.${id}`,
      documentName: info.fileName,
      documentVersion: 'V2',
      userName: by,
      created: '04/03/2025',
      createdFor: forEmail,
      actioned,
    },
  ],
});
const saved = [
  record('m.1', 'Inlet screen access', 'Erin Walsh', 'tm@penstock.demo', false),
  // drawn over the 3D view: x from the centre and y from the top, in units of the viewer's height
  record('m.2', 'Pump skid clash', 'Tom Hughes', 'ew@penstock.demo', true, {
    version: 1,
    frame: 'viewport',
    shapes: [{ id: 'b', type: 'rect', x: -0.2, y: 0.4, w: 0.4, h: 0.2, style: {} }],
  }),
];

type FakeModel = ReturnType<typeof fakeModelViewer>['viewer'];

function Harness({ viewer }: { viewer: FakeModel | null }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(true);
  const markups = useMarkupTools({
    active,
    source: { kind: '3d', viewer, ready: true },
    hostRef,
    versionId: VERSION,
  });
  return (
    <div>
      <button type="button" onClick={() => setActive(!active)}>
        Markup tools
      </button>
      {markups.toolbar}
      <div ref={hostRef} data-testid="host" />
      {markups.pane && <aside data-testid="pane">{markups.pane}</aside>}
    </div>
  );
}

function setup(options: { withViewer?: boolean } = {}) {
  const bodies: Record<string, unknown[]> = { save: [], update: [], get: [] };
  const fetchMock = mockFetch({
    [`/api/models/${VERSION}`]: { json: info },
    [`/api/forge/bim360/Users?projectid=${PROJECT_ID}`]: { json: users },
    'POST /api/markups/getMarkups': (init) => {
      bodies.get!.push(JSON.parse(new URLSearchParams(String(init?.body)).get('formData')!));
      return { json: saved };
    },
    'POST /api/markups/saveMarkup': (init) => {
      const body = JSON.parse(String((init?.body as FormData).get('formData')));
      bodies.save!.push(body);
      return { json: { ...body, id: 'm.3' } };
    },
    'POST /api/markups/updateMarkup': (init) => {
      const body = JSON.parse(String((init?.body as FormData).get('formData')));
      bodies.update!.push(body);
      return { json: { ...saved[0], ...body } };
    },
  });
  const model = fakeModelViewer().viewer;
  renderWithProviders(<Harness viewer={(options.withViewer ?? true) ? model : null} />);
  const viewer = () => model;
  return { fetchMock, bodies, viewer };
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Markup toolbar' });
const settings = () => screen.queryByRole('group', { name: 'Markup settings' });
const layer = () => screen.getByTestId('host').querySelector('svg.penstock-markup-layer') as SVGSVGElement;

/** a pointer drag over the overlay (jsdom gives the overlay a zero box: points are relative to 0,0) */
function dragOn(element: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(element, { button: 0, clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: to[0], clientY: to[1], pointerId: 1 });
}

describe('markup toolbar', () => {
  it('has the spec buttons; settings show for every mode but none and exit, with the defaults', async () => {
    setup();
    for (const name of [
      'Load markups',
      'Text',
      'Rectangle',
      'Circle',
      'Polyline',
      'Freehand',
      'Cloud',
      'Arrow',
      'Exit markup',
      'Save markup',
    ])
      expect(within(toolbar()).getByRole('button', { name })).toBeInTheDocument();
    expect(settings()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Circle' }));
    const group = settings()!;
    expect(within(group).getByLabelText('Font size')).toHaveValue(1);
    expect(within(group).getByLabelText('Stroke width')).toHaveValue(1);
    expect(within(group).getByLabelText('Font family')).toHaveValue('Arial');
    expect(within(within(group).getByLabelText('Font family')).getAllByRole('option')).toHaveLength(10);
    expect(within(group).getByLabelText('Colour')).toHaveValue('#0d54ff');
    expect(screen.getByRole('button', { name: 'Circle' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('clamps font size and stroke width to 0..100', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
    const size = within(settings()!).getByLabelText('Font size');
    fireEvent.change(size, { target: { value: '250' } });
    expect(size).toHaveValue(100);
    const width = within(settings()!).getByLabelText('Stroke width');
    fireEvent.change(width, { target: { value: '-4' } });
    expect(width).toHaveValue(0);
  });

  it('Exit asks first; cancel returns to Rectangle and keeps the drawing, OK clears it', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Cloud' }));
    dragOn(layer(), [10, 10], [60, 40]);
    expect(layer().querySelectorAll('[data-shape-type="cloud"]')).toHaveLength(1);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Exit markup' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to exit? All unsaved markups will be lost');
    expect(screen.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'true');
    expect(layer().querySelectorAll('[data-shape-id]')).toHaveLength(1);
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Exit markup' }));
    expect(layer().querySelectorAll('[data-shape-id]')).toHaveLength(0);
    expect(settings()).toBeNull();
  });

  it('selects, moves and deletes a shape before saving', async () => {
    // jsdom lays nothing out: give the overlay's host a size
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
    dragOn(layer(), [10, 10], [60, 40]);
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.pointerDown(layer(), { button: 0, clientX: 20, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(layer(), { clientX: 120, clientY: 70, pointerId: 1 });
    fireEvent.pointerUp(layer(), { clientX: 120, clientY: 70, pointerId: 1 });
    expect(layer().querySelector('[data-selection]')).not.toBeNull();
    // moved by 100 x 50 pixels
    const rect = layer().querySelector('rect[data-shape-id]')!;
    expect(Number(rect.getAttribute('x'))).toBeCloseTo(110);
    expect(Number(rect.getAttribute('y'))).toBeCloseTo(60);
    expect(screen.getByRole('button', { name: 'Delete shape' })).toBeEnabled();
    fireEvent.keyDown(document, { key: 'Delete' });
    expect(layer().querySelectorAll('[data-shape-id]')).toHaveLength(0);
  });

  it('alerts when the panel is opened without a model', async () => {
    setup({ withViewer: false });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Load markups' }));
    expect(alert).toHaveBeenCalledWith('Please open a model first to view the associated markups');
    expect(screen.queryByTestId('pane')).toBeNull();
  });
});

describe('saving a markup', () => {
  it('asks for a title and reviewer, posts the record as multipart formData and leaves edit mode', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    const { bodies, viewer } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Rectangle' }));
    dragOn(layer(), [400, 200], [600, 300]);
    await userEvent.click(screen.getByRole('button', { name: 'Save markup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Markup' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Inlet screen access');
    await within(dialog).findByRole('option', { name: 'Tom Hughes - tm@penstock.demo' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Reviewer'), 'tm@penstock.demo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodies.save).toHaveLength(1));
    const body = bodies.save![0] as Record<string, unknown> & { markupData: Record<string, unknown>[] };
    expect(body).toMatchObject({
      projectId: PROJECT_ID,
      projectName: 'Riverside WTW',
      documentId: VERSION,
      itemId: info.itemId,
      documentName: info.fileName,
      createdFor: 'tm@penstock.demo',
      actioned: false,
      title: 'Inlet screen access',
    });
    for (const field of ['createdDate', 'createdByUserId', 'createdByName'])
      expect(body).toHaveProperty(field);
    const item = body.markupData[0]!;
    expect(item).toMatchObject({
      markupTitle: 'Inlet screen access',
      documentName: info.fileName,
      documentVersion: 'V1',
      createdFor: 'tm@penstock.demo',
      actioned: false,
    });
    expect(item.created).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const d = new Date();
    expect(item.created).toBe(
      `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`,
    );
    // over the 3D view the drawing is stored in the viewport frame (a 200×100 box centred at 1000×500)
    expect(JSON.parse(String(item.markupData))).toMatchObject({
      version: 1,
      frame: 'viewport',
      shapes: [{ type: 'rect', x: -0.2, y: 0.4, w: 0.4, h: expect.closeTo(0.2) }],
    });
    expect(JSON.parse(String(item.markupstate))).toMatchObject({ version: 3, kind: '3d' });
    expect(item).toHaveProperty('imagePreview');
    expect(item).toHaveProperty('userName');
    expect(viewer().storedViewerState).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Markup' })).toBeNull());
    expect(layer().style.display).toBe('none');
    expect(layer().querySelectorAll('[data-shape-id]')).toHaveLength(0);
    expect(settings()).toBeNull();
  });
});

describe('markup panel', () => {
  it('lists the cards, filters them and persists Completed at once', async () => {
    const { bodies } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Load markups' }));
    const panel = await screen.findByRole('region', { name: 'Markup Panel' });
    await within(panel).findByText('Inlet screen access');
    expect(bodies.get![0]).toEqual({ projectId: PROJECT_ID, documentId: VERSION });
    expect(within(panel).getByRole('img', { name: 'Preview of Inlet screen access' })).toHaveAttribute(
      'src',
      '/api/markups/preview/mi.m.1',
    );
    expect(within(panel).getAllByText('04/03/2025')).toHaveLength(2);

    const filter = within(panel).getByLabelText('Filter');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No Filter', 'Created by', 'Created for', 'Completed']);
    await userEvent.selectOptions(filter, 'Created by');
    await userEvent.type(within(panel).getByLabelText('Enter search criteria'), 'HUGH');
    expect(within(panel).queryByText('Inlet screen access')).toBeNull();
    expect(within(panel).getByText('Pump skid clash')).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Completed');
    await userEvent.selectOptions(within(panel).getByLabelText('Enter search criteria'), 'No');
    expect(within(panel).getByText('Inlet screen access')).toBeInTheDocument();
    expect(within(panel).queryByText('Pump skid clash')).toBeNull();

    await userEvent.click(within(panel).getByLabelText('Completed'));
    await waitFor(() => expect(bodies.update).toEqual([{ id: 'm.1', actioned: true }]));
  });

  it('restores the viewer state, then draws the markup after 500 ms', async () => {
    const { viewer } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Load markups' }));
    const panel = await screen.findByRole('region', { name: 'Markup Panel' });
    const open = await within(panel).findByRole('button', { name: 'Show markup Inlet screen access' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(open);
    await vi.waitFor(() => expect(viewer().restoreViewerState).toHaveBeenCalled());
    expect(viewer().restoreViewerState.mock.calls[0]).toMatchObject([{ kind: '3d' }]);
    await vi.advanceTimersByTimeAsync(400);
    expect(layer().querySelectorAll('[data-shape-id]')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(layer().querySelectorAll('[data-shape-type="rect"]')).toHaveLength(1);
    expect(layer().style.display).toBe('');
  });

  it('redraws a 3D markup centred in a narrower viewer, and an older one by fractions', async () => {
    // the panel takes the side pane: the viewer is now 600×500
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Load markups' }));
    const panel = await screen.findByRole('region', { name: 'Markup Panel' });
    const rect = () => layer().querySelector('rect[data-shape-id]')!;
    const box = () => ['x', 'y', 'width', 'height'].map((name) => Number(rect().getAttribute(name)));
    vi.useFakeTimers({ shouldAdvanceTime: true });

    fireEvent.click(await within(panel).findByRole('button', { name: 'Show markup Pump skid clash' }));
    await vi.advanceTimersByTimeAsync(600);
    // the same 200×100 box it was drawn as, still centred on the view
    box().forEach((value, i) => expect(value).toBeCloseTo([200, 200, 200, 100][i]!));

    fireEvent.click(within(panel).getByRole('button', { name: 'Show markup Inlet screen access' }));
    await vi.advanceTimersByTimeAsync(600);
    // no frame recorded: fractions of the width and height, as it was saved
    box().forEach((value, i) => expect(value).toBeCloseTo([60, 50, 120, 100][i]!));
  });
});
