import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeModelViewer } from '../test/fakeViewers.ts';
import { FACE_PROMPT, MAX_PLANES_TITLE, NO_FACE_TEXT, SectionsPanel } from './SectionsPanel.tsx';

function renderPanel(selected: number | null = null) {
  const fake = fakeModelViewer();
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
  const result = render(<SectionsPanel {...props} />);
  return { fake, sections: fake.viewer.sections, onClose, result };
}

const planes = () => screen.getByRole('region', { name: 'Section planes' });

describe('Sections panel', () => {
  it('adds a plane along an axis and flips, hides, moves and deletes it', async () => {
    const user = userEvent.setup();
    const { sections } = renderPanel();
    expect(within(planes()).getByText('Nothing is cut.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Y' }));
    expect(sections.addPlane).toHaveBeenCalledWith('y');
    const row = await screen.findByRole('listitem', { name: 'Section plane 1' });
    expect(row).toHaveTextContent('Y plane, cuts away +Y');
    // a new plane shows its handles
    expect(within(row).getByRole('button', { name: 'Edit plane 1' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(row).getByRole('button', { name: 'Flip plane 1' }));
    expect(row).toHaveTextContent('cuts away −Y');
    await user.click(within(row).getByRole('button', { name: 'Hide plane 1' }));
    expect(sections.updatePlane).toHaveBeenCalledWith('plane-1', { visible: false });
    expect(row).toHaveTextContent('(hidden)');
    await user.click(within(row).getByRole('button', { name: 'Show plane 1' }));
    expect(row).not.toHaveTextContent('(hidden)');

    const offset = within(row).getByRole('spinbutton', { name: 'Offset of plane 1 (m)' });
    await user.clear(offset);
    await user.type(offset, '2.5{Enter}');
    expect(sections.setOffset).toHaveBeenCalledWith('plane-1', 2.5);
    await user.click(within(row).getByRole('button', { name: 'Edit plane 1' }));
    expect(sections.edit).toHaveBeenLastCalledWith(null);

    await user.click(within(row).getByRole('button', { name: 'Delete plane 1' }));
    expect(sections.removePlane).toHaveBeenCalledWith('plane-1');
    expect(screen.queryByRole('listitem', { name: 'Section plane 1' })).not.toBeInTheDocument();
  });

  it('offers no more than six planes', async () => {
    const { sections } = renderPanel();
    await act(async () => {
      for (const axis of ['x', 'y', 'z', 'x', 'y', 'z'] as const) await sections.addPlane(axis);
    });
    expect(screen.getByText('(6 of 6)')).toBeInTheDocument();
    for (const name of ['Add X', 'Add Y', 'Add Z', 'On a face']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', MAX_PLANES_TITLE);
    }
  });

  it('puts a plane on the face clicked next, or cancels', async () => {
    const user = userEvent.setup();
    const { fake, sections } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'On a face' }));
    expect(screen.getByRole('status')).toHaveTextContent(FACE_PROMPT);
    const owner = fake.viewer.takeClicks.mock.calls.at(-1)![0] as (event: PointerEvent) => void;
    await act(async () => owner({ clientX: 120, clientY: 80 } as PointerEvent));
    expect(fake.viewer.takeClicks).toHaveBeenLastCalledWith(null);
    expect(sections.addPlaneOnFace).toHaveBeenCalledWith(120, 80);
    expect(await screen.findByRole('listitem', { name: 'Section plane 1' })).toHaveTextContent('+Z');

    // a click beside the model
    sections.addPlaneOnFace.mockResolvedValueOnce(null);
    await user.click(screen.getByRole('button', { name: 'On a face' }));
    const next = fake.viewer.takeClicks.mock.calls.at(-1)![0] as (event: PointerEvent) => void;
    await act(async () => next({ clientX: 1, clientY: 1 } as PointerEvent));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_FACE_TEXT);

    // Escape gives the clicks back
    await user.click(screen.getByRole('button', { name: 'On a face' }));
    await user.keyboard('{Escape}');
    expect(fake.viewer.takeClicks).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(FACE_PROMPT)).not.toBeInTheDocument();
  });

  it('puts the section box around the selection or everything, resizes and removes it', async () => {
    const user = userEvent.setup();
    const { fake, sections, result } = renderPanel();
    const box = screen.getByRole('region', { name: 'Section box' });
    const around = within(box).getByRole('button', { name: 'Around the selection' });
    expect(around).toBeDisabled();
    await user.click(within(box).getByRole('button', { name: 'Around everything' }));
    expect(sections.boxAround).toHaveBeenCalledWith(undefined);
    expect(within(box).getByRole('button', { name: 'Edit the section box' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const top = within(box).getByRole('spinbutton', { name: 'Box Y maximum (m)' });
    expect(top).toHaveValue(4);
    await user.clear(top);
    await user.type(top, '3{Enter}');
    expect(sections.setBox).toHaveBeenLastCalledWith({
      min: { x: 0, y: 0, z: 0 },
      max: { x: 10, y: 3, z: 6 },
    });

    // with a selection
    const selection = [{ model: 'urn:v.1', localId: 42 }];
    vi.mocked(fake.viewer.selectedObjects).mockReturnValue(selection as never);
    result.rerender(
      <SectionsPanel
        viewer={fake.viewer}
        versionId="v.1"
        projectId="p.1"
        selected={42}
        currentView={() => fake.viewer.storedViewerState()}
        restoreView={async () => undefined}
        onClose={() => undefined}
      />,
    );
    await user.click(within(box).getByRole('button', { name: 'Around the selection' }));
    expect(sections.boxAround).toHaveBeenLastCalledWith(selection);

    await user.click(within(box).getByRole('button', { name: 'Remove the section box' }));
    expect(sections.setBox).toHaveBeenLastCalledWith(null);
    expect(within(box).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('colours the cut faces', async () => {
    const user = userEvent.setup();
    const { sections } = renderPanel();
    const colour = screen.getByLabelText('Colour of the cut faces');
    expect(colour).toHaveValue('#6b7280');
    expect(screen.getByRole('button', { name: 'Default colour' })).toBeDisabled();
    // a colour input is set, not typed
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(colour, '#ff0000');
      colour.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(sections.setCapColour).toHaveBeenCalledWith('#ff0000');
    await user.click(screen.getByRole('button', { name: 'Default colour' }));
    expect(sections.setCapColour).toHaveBeenLastCalledWith(null);
  });

  it("lists the model's storeys and shows a plan as a section, with a way back to 3D", async () => {
    const user = userEvent.setup();
    const { fake } = renderPanel();
    const plans = screen.getByRole('region', { name: 'Storey plans' });
    await user.click(await within(plans).findByRole('button', { name: 'Plan of Ground Floor' }));
    expect(fake.viewer.showPlan).toHaveBeenCalledWith('Ground Floor');
    const row = await within(planes()).findByRole('listitem', { name: 'Storey plan Ground Floor' });
    expect(within(plans).getByRole('button', { name: 'Plan of Ground Floor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(row).getByRole('button', { name: 'Back to 3D' }));
    expect(fake.viewer.showPlan).toHaveBeenLastCalledWith(null);
    expect(within(planes()).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows why a change failed', async () => {
    const user = userEvent.setup();
    const { sections } = renderPanel();
    sections.addPlane.mockRejectedValueOnce(new Error('The worker went away.'));
    await user.click(screen.getByRole('button', { name: 'Add X' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The worker went away.');
  });
});
