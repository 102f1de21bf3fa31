import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PURPOSES } from '@penstock/shared';
import { mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { memberState, panelRoutes, VERSION_ID } from '../test/fixtures.ts';
import { WorkflowPanel } from './WorkflowPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkflowPanel: Issue transmittal', () => {
  it('opens the dialog with the document shown chosen; a viewer has no such button', async () => {
    mockFetch({
      ...panelRoutes(),
      [`/api/projects/${encodeURIComponent(PROJECT_ID)}/transmittal-purposes`]: { json: DEFAULT_PURPOSES },
    });
    const view = renderWithProviders(<WorkflowPanel versionId={VERSION_ID} onClose={() => undefined} />, {
      initialState: memberState(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Issue transmittal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a transmittal' });
    expect(await within(dialog).findByRole('checkbox', { name: 'pump-house.ifc' })).toBeChecked();
    view.unmount();

    const viewer = memberState();
    viewer.selectedProject = { ...viewer.selectedProject!, role: 'viewer' };
    renderWithProviders(<WorkflowPanel versionId={VERSION_ID} onClose={() => undefined} />, {
      initialState: viewer,
    });
    // the document's project is known (its model info loaded): the role decides
    await waitFor(() => expect(screen.getByLabelText('Project')).toHaveValue(project.text));
    expect(screen.queryByRole('button', { name: 'Issue transmittal' })).not.toBeInTheDocument();
  });
});
