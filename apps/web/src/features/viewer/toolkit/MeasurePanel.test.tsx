import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMeasure } from '../test/fakeMeasure.ts';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { MeasurePanel, NO_RUN_TEXT } from './MeasurePanel.tsx';

function renderPanel(selected: number | null = null) {
  const fake = fakeModelViewer();
  const measure = fakeMeasure();
  fake.viewer.measurements = measure.tool;
  const onClose = vi.fn();
  const props = {
    viewer: fake.viewer,
    versionId: 'v.1',
    projectId: 'p.1',
    selected,
    currentView: () => fake.viewer.storedViewerState(),
    restoreView: async () => undefined,
    onClose,
  };
  const result = render(<MeasurePanel {...props} />);
  return { fake, measure, tool: measure.tool, onClose, result };
}

const list = () => screen.getByRole('region', { name: 'Measurements' });

describe('Measure panel', () => {
  it('starts and stops a mode, shows what to click next, and lists the measurement made', async () => {
    const user = userEvent.setup();
    const { tool, measure } = renderPanel();
    expect(within(list()).getByText(/None yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Distance' }));
    expect(tool.setMode).toHaveBeenLastCalledWith('distance');
    expect(screen.getByRole('button', { name: 'Distance' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Click the first point. Esc cancels.');
    act(() => measure.pick());
    expect(screen.getByRole('status')).toHaveTextContent('Click the second point.');

    act(() => {
      measure.complete({
        kind: 'distance',
        points: [
          { x: 0, y: 0, z: 0 },
          { x: 7.11, y: 0, z: 0 },
        ],
        value: 7.11,
      });
    });
    const row = within(list()).getByRole('listitem', { name: 'Measurement Distance 1' });
    // the model's unit (mm) is the default display
    expect(within(row).getByTestId('measurement-value')).toHaveTextContent('7110 mm');
    expect(row).toHaveTextContent('dx … · dy … · dz …');

    // choosing the active mode again stops measuring
    await user.click(screen.getByRole('button', { name: 'Distance' }));
    expect(tool.setMode).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('changes the unit and decimals shown', async () => {
    const user = userEvent.setup();
    const { tool, measure } = renderPanel();
    act(() => {
      measure.complete({ kind: 'area', points: [], value: 120 });
      measure.complete({ kind: 'distance', points: [], value: 9.7 });
    });
    expect(screen.getByText('Model unit: mm')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'm');
    expect(tool.setDisplay).toHaveBeenLastCalledWith({ unit: 'm' });
    const values = () =>
      within(list())
        .getAllByTestId('measurement-value')
        .map((v) => v.textContent);
    expect(values()).toEqual(['120.000 m²', '9.700 m']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Decimals' }), '1');
    expect(tool.setDisplay).toHaveBeenLastCalledWith({ decimals: 1 });
    expect(values()).toEqual(['120.00 m²', '9.7 m']);
  });

  it('renames and deletes measurements', async () => {
    const user = userEvent.setup();
    const { tool, measure } = renderPanel();
    act(() => {
      measure.complete({ kind: 'angle', points: [], value: 90 });
      measure.complete({ kind: 'distance', points: [], value: 1 });
    });
    await user.click(screen.getByRole('button', { name: 'Rename Angle 1' }));
    const field = screen.getByRole('textbox', { name: 'Measurement name' });
    await user.clear(field);
    await user.type(field, 'Pump to wall clearance{Enter}');
    expect(tool.rename).toHaveBeenCalledWith('m-1', 'Pump to wall clearance');
    expect(
      within(list()).getByRole('listitem', { name: 'Measurement Pump to wall clearance' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Distance 1' }));
    expect(tool.remove).toHaveBeenCalledWith('m-2');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(tool.clear).toHaveBeenCalled();
    expect(within(list()).getByText(/None yet/)).toBeInTheDocument();
  });

  it('measures the run of the selected segments, and says so when there is nothing to measure', async () => {
    const user = userEvent.setup();
    const { fake, tool } = renderPanel(null);
    expect(screen.getByRole('button', { name: 'Run length' })).toBeDisabled();

    const second = renderPanel(12);
    const refs = [
      { model: 'urn:v.1', localId: 12 },
      { model: 'urn:v.1', localId: 13 },
    ];
    second.fake.viewer.selectedObjects.mockReturnValue(refs as never);
    const buttons = screen.getAllByRole('button', { name: 'Run length' });
    await user.click(buttons[1]!);
    expect(second.tool.measureRun).toHaveBeenCalledWith(refs);
    expect(await screen.findByRole('listitem', { name: 'Measurement Run length 1' })).toHaveTextContent(
      '4000 mm',
    );

    second.fake.viewer.selectedObjects.mockReturnValue([] as never);
    await user.click(buttons[1]!);
    expect(await screen.findByText(NO_RUN_TEXT)).toBeInTheDocument();
    expect(tool.measureRun).not.toHaveBeenCalled();
    expect(fake.viewer.takeClicks).not.toHaveBeenCalled();
  });

  it('stops measuring when the panel closes', async () => {
    const user = userEvent.setup();
    const { tool, result } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Area' }));
    result.unmount();
    expect(tool.setMode).toHaveBeenLastCalledWith(null);
  });
});
