import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { SidePanel } from '../viewer/sidePanels.ts';
import { formRoutes, memberState } from './test/fixtures.ts';
import { useProjectDataTools } from './useProjectDataTools.tsx';

function ToolsHarness({ desktop }: { desktop: boolean }) {
  const [panel, setPanel] = useState<SidePanel | null>(null);
  const tools = useProjectDataTools({
    side: {
      panel,
      desktop,
      choose: (chosen) => setPanel((current) => (current === chosen ? null : chosen)),
      close: () => setPanel(null),
    },
  });
  return (
    <>
      <div role="toolbar" aria-label="Tools">
        {tools.toolbar}
      </div>
      {tools.pane}
    </>
  );
}

describe('useProjectDataTools', () => {
  it('offers Project data, Calculations and Reports on desktop widths; one panel at a time', async () => {
    mockFetch({ ...formRoutes(), 'POST /api/getprojectinput': { json: { values: [] } } });
    renderWithProviders(<ToolsHarness desktop />, { initialState: memberState() });
    const toolbar = screen.getByRole('toolbar', { name: 'Tools' });
    expect(
      within(toolbar)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Project data', 'Calculations', 'Reports']);
    // items of the viewer toolbar's Panels menu (issue 31 item 16), checked while their panel is open
    await userEvent.click(within(toolbar).getByRole('menuitemcheckbox', { name: 'Project data' }));
    expect(await screen.findByRole('region', { name: 'Project data' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('menuitemcheckbox', { name: 'Project data' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(toolbar).getByRole('menuitemcheckbox', { name: 'Calculations' }));
    expect(await screen.findByRole('region', { name: 'Calculations' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Project data' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close Calculations' }));
    expect(screen.queryByRole('region', { name: 'Calculations' })).not.toBeInTheDocument();
  });

  it('has no buttons below desktop widths', () => {
    mockFetch(formRoutes());
    renderWithProviders(<ToolsHarness desktop={false} />, { initialState: memberState() });
    expect(
      within(screen.getByRole('toolbar', { name: 'Tools' })).queryAllByRole('menuitemcheckbox'),
    ).toHaveLength(0);
  });
});
