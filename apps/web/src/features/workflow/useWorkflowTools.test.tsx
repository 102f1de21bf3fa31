import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKFLOW_OPEN_MODEL_FIRST } from '@penstock/shared';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { modelInfoKey } from '../viewer/api.ts';
import type { SidePanel } from '../viewer/sidePanels.ts';
import { memberState, panelRoutes, VERSION_ID } from './test/fixtures.ts';
import { useWorkflowTools, type WorkflowSide } from './useWorkflowTools.tsx';

function Harness({ side }: { side: WorkflowSide }) {
  // the panel state of useSidePanel, kept here
  const [panel, setPanel] = useState<SidePanel | null>(side.panel);
  const tools = useWorkflowTools({
    versionId: VERSION_ID,
    side: {
      ...side,
      panel,
      choose: (chosen) => {
        side.choose(chosen);
        setPanel((current) => (current === chosen ? null : chosen));
      },
    },
  });
  return (
    <div role="toolbar" aria-label="Tools">
      {tools.toolbar}
      {tools.pane}
    </div>
  );
}
const sideOf = (panel: SidePanel | null, desktop = true): WorkflowSide => ({
  panel,
  desktop,
  choose: vi.fn(),
  close: vi.fn(),
});

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useWorkflowTools', () => {
  it('alerts instead of opening the Workflow panel while no model is loaded', async () => {
    const routes = panelRoutes();
    delete routes[`/api/models/${encodeURIComponent(VERSION_ID)}`];
    mockFetch(routes);
    const side = sideOf(null);
    renderWithProviders(<Harness side={side} />, { initialState: memberState() });
    await userEvent.click(screen.getByRole('button', { name: 'Workflow' }));
    expect(window.alert).toHaveBeenCalledWith(WORKFLOW_OPEN_MODEL_FIRST);
    expect(side.choose).not.toHaveBeenCalled();
  });

  it('opens the panel for a loaded document and shows it as the pane', async () => {
    mockFetch(panelRoutes());
    const side = sideOf(null);
    const { queryClient } = renderWithProviders(<Harness side={side} />, { initialState: memberState() });
    await waitFor(() => expect(queryClient.getQueryData(modelInfoKey(VERSION_ID))).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Workflow' }));
    expect(side.choose).toHaveBeenCalledWith('workflow');
    expect(window.alert).not.toHaveBeenCalled();
    expect(await screen.findByRole('region', { name: 'Workflow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Workflow' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('has no Workflow button below desktop widths', () => {
    mockFetch(panelRoutes());
    renderWithProviders(<Harness side={sideOf(null, false)} />, { initialState: memberState() });
    expect(screen.queryByRole('button', { name: 'Workflow' })).not.toBeInTheDocument();
  });
});
