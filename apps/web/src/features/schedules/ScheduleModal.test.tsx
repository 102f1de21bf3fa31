import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { DynamicRecord, StaticRecord } from '@penstock/shared';
import { createQueryClient } from '../../base/queryClient.ts';
import { calls, mockFetch, type Routes } from '../../test/fetchMock.ts';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import { ScheduleModal } from './ScheduleModal.tsx';

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const valve = (tag: string, locked = false): [StaticRecord, DynamicRecord] => [
  {
    ...base,
    tag,
    guId: `g-${tag}`,
    category: 'Gate Valve',
    propValueList: [{ propName: 'Tag', propValue: tag }],
  },
  {
    ...base,
    tag,
    guId: `g-${tag}`,
    category: 'Gate Valve',
    locked,
    propValueList: [
      { propName: 'Valve Orientation', propValue: '' },
      { propName: 'Note', propValue: locked ? 'handed over' : '' },
    ],
  },
];
const pairs = [valve('V-1'), valve('V-2'), valve('V-9', true)];
const values: PropertyValues = {
  StatPropValues: pairs.map(([s]) => s),
  DynaPropValues: pairs.map(([, d]) => d),
  ElemWithProps: [],
  Categories: ['Gate Valve'],
};

const dataOf = (init: RequestInit | undefined): unknown =>
  init?.body instanceof FormData ? JSON.parse(String(init.body.get('Data'))) : undefined;

function setup(props: Partial<Parameters<typeof ScheduleModal>[0]> = {}, routes: Routes = {}) {
  const sent: Record<string, unknown> = {};
  const fetchMock = mockFetch({
    'POST /api/savedynamic': (init) => {
      sent.dynamic = dataOf(init);
      return { json: { saved: 1 } };
    },
    'POST /api/savestatic': () => ({ json: { saved: 1 } }),
    ...routes,
  });
  const onClose = vi.fn();
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScheduleModal
        selection="valve"
        projectName="Riverside"
        fileName="Works.ifc"
        versionId="v.1"
        values={values}
        onClose={onClose}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { sent, fetchMock, onClose, alert };
}

// jsdom has no layout: give the scrolling tables a size so the virtualised rows render
beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

/** Focuses a cell and answers its control. */
async function edit(user: ReturnType<typeof userEvent.setup>, label: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: label }));
  const control = screen.getByLabelText(label);
  expect(control).toHaveFocus();
  return control;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScheduleModal', () => {
  it('shows the title, the valve columns, the rows and a locked row disabled', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Valve Schedule for Riverside' });
    const grid = within(dialog).getByRole('region', { name: 'Schedule table' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 4)).toEqual(['PID Drawing No.', 'Tag', 'Long Description (size)', 'Description']);
    expect(headers).toContain('Valve Orientation');
    // the first two columns are frozen (sticky at their left offsets), the others scroll
    const [first, second, third] = within(grid).getAllByRole('columnheader');
    expect(first).toHaveClass('frozen');
    expect(first).toHaveStyle({ left: '0px' });
    expect(second).toHaveClass('frozen');
    expect(second).toHaveStyle({ left: first!.style.width });
    expect(third).not.toHaveClass('frozen');
    // each data row starts with its PID Drawing No. as the row header
    const rowHeaders = within(grid).getAllByRole('rowheader');
    expect(rowHeaders).toHaveLength(3);
    expect(rowHeaders[0]).toHaveTextContent('Works');
    expect(rowHeaders[0]!.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '2');
    // editable cells show their value and mount their control on focus; locked ones never do
    expect(within(grid).getByRole('button', { name: 'Valve Orientation of V-1' })).toHaveTextContent('');
    expect(within(grid).getByLabelText('Note of V-9')).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getByLabelText('Note of V-9')).toHaveTextContent('handed over');
    expect(within(grid).queryByRole('button', { name: 'Note of V-9' })).not.toBeInTheDocument();
    expect(within(grid).queryAllByRole('combobox')).toHaveLength(0);
  });

  it("shows a value locked on its own disabled, and the same row's other values editable", () => {
    const [statics, dynamic] = valve('V-5');
    const partly: PropertyValues = {
      ...values,
      StatPropValues: [statics],
      DynaPropValues: [{ ...dynamic, lockedProps: ['Valve Orientation'] }],
    };
    setup({ values: partly });
    const grid = screen.getByRole('region', { name: 'Schedule table' });
    expect(within(grid).getByLabelText('Valve Orientation of V-5')).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getByRole('button', { name: 'Note of V-5' })).toBeInTheDocument();
  });

  it('refuses a submit while unsaved, saves both sets, then submits to getreport', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    let submitted: FormData | undefined;
    const { sent, alert, fetchMock } = setup(
      {},
      {
        'POST /api/getreport': (init) => {
          submitted = init?.body as FormData;
          return { json: {} };
        },
      },
    );
    await user.selectOptions(await edit(user, 'Valve Orientation of V-1'), 'Vertical');
    await user.click(screen.getByRole('button', { name: 'Submit to Penstock' }));
    expect(alert).toHaveBeenCalledWith('Please save your data first');
    expect(calls(fetchMock)).not.toContain('POST /api/getreport');

    await user.click(screen.getByRole('button', { name: 'Save Data' }));
    await screen.findByText('Data Saved');
    expect(sent.dynamic).toEqual([
      expect.objectContaining({
        tag: 'V-1',
        propValueList: [
          { propName: 'Valve Orientation', propValue: 'Vertical' },
          { propName: 'Note', propValue: '' },
        ],
      }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Submit to Penstock' }));
    await screen.findByText(/^Schedule saved to Penstock: Published\/Schedules\//);
    expect(submitted?.get('ProjectName')).toBe('Riverside');
    expect(submitted?.get('ScheduleType')).toBe('valve_schedule');
    expect(submitted?.get('FileName')).toBe('Works.ifc');
    expect(JSON.parse(String(submitted?.get('ScheduleCategories')))).toContainEqual({
      category: 'Gate Valve',
      schedule: 'valve',
    });
  });

  it('bulk-edits every selected object from the side panel, skipping locked ones', async () => {
    const user = userEvent.setup();
    setup();
    const side = screen.getByLabelText('Bulk edit');
    await user.click(within(side).getByRole('button', { name: 'Select All' }));
    expect(within(side).getByText('2 of 3 selected')).toBeInTheDocument();
    await user.type(within(side).getByLabelText('Select Properties'), 'Valve Orientation{enter}');
    await user.selectOptions(within(side).getByLabelText('Value for Valve Orientation'), 'Horizontal');
    expect(screen.getByLabelText('Valve Orientation of V-1')).toHaveTextContent('Horizontal');
    expect(screen.getByLabelText('Valve Orientation of V-2')).toHaveTextContent('Horizontal');
    expect(screen.getByLabelText('Valve Orientation of V-9').textContent).toBe('');
  });

  it('shows a failed save as the spec’s error and keeps the data unsaved', async () => {
    const user = userEvent.setup();
    const { alert } = setup({}, { 'POST /api/savedynamic': { status: 403, error: 'Viewers cannot save' } });
    await user.type(await edit(user, 'Note of V-1'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Data' }));
    await screen.findByText('An Error Occured: Viewers cannot save');
    await user.click(screen.getByRole('button', { name: 'Submit to Penstock' }));
    expect(alert).toHaveBeenCalledWith('Please save your data first');
  });

  it('needs the model file for the valve and SAP schedules', async () => {
    const user = userEvent.setup();
    const { alert } = setup({ selection: 'sap', fileName: '' });
    expect(screen.queryByRole('button', { name: 'Save Data' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Bulk edit')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit to Penstock' }));
    expect(alert).toHaveBeenCalledWith('Selected File Could Not Be Found');
  });

  it('saves unsaved edits when closed, then closes', async () => {
    const user = userEvent.setup();
    const { sent, onClose } = setup();
    await user.type(await edit(user, 'Note of V-2'), 'ok');
    // one control at a time: focusing another cell puts the first back to text
    await edit(user, 'Note of V-1');
    expect(screen.getAllByRole('textbox', { name: /^Note of/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Note of V-2' })).toHaveTextContent('ok');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.dynamic).toEqual([expect.objectContaining({ tag: 'V-2' })]);
  });
});
