import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TAB_LIMIT_MESSAGE } from '@penstock/shared';
import { type AppState } from '../../../base/store.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { START_TEXT, signedInRoutes, pumpInfo, projectSelected } from '../../../test/fixtures.ts';
import { renderApp, storeState } from '../../../test/render.tsx';

const selected = projectSelected();

async function openWip(path = '/main', initialState: AppState = selected) {
  mockFetch({ ...signedInRoutes(), '/api/models/i.pump': { json: pumpInfo } });
  const rendered = renderApp({ path, initialState });
  await userEvent.click(await screen.findByRole('button', { name: 'WIP' }));
  await screen.findByRole('button', { name: 'Pump station.ifc' });
  return rendered;
}

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.getAttribute('title'));
const selectedTabName = () =>
  screen
    .queryAllByRole('tab')
    .find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.getAttribute('title');
const fileButton = (name: string) => screen.getByRole('button', { name });

const originalWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = originalWidth;
});

describe('workspace', () => {
  it('shows the start text until a model is open, then a tab for it', async () => {
    await openWip();
    expect(screen.getByText(START_TEXT)).toBeInTheDocument();
    await userEvent.click(fileButton('Pump station.ifc'));
    const tab = await screen.findByRole('tab', { name: 'Pump station.ifc' });
    expect(tab).toHaveTextContent('Pump station...');
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(START_TEXT)).not.toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Converting model… 40 %')).toBeInTheDocument();
  });

  it('opens a new tab per single click and never adds a model twice', async () => {
    const { container } = await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.click(fileButton('Valve chamber.ifc'));
    await screen.findByRole('tab', { name: 'Valve chamber.ifc' });
    expect(tabNames()).toEqual(['Pump station.ifc', 'Valve chamber.ifc']);
    expect(selectedTabName()).toBe('Valve chamber.ifc');

    await userEvent.click(fileButton('Pump station.ifc'));
    await vi.waitFor(() => expect(selectedTabName()).toBe('Pump station.ifc'));
    expect(tabNames()).toEqual(['Pump station.ifc', 'Valve chamber.ifc']);
    const numbers = storeState(container).openModels.map((model) => model.number);
    expect(numbers.every((n) => typeof n === 'number' && n >= 0 && n < 1)).toBe(true);
  });

  it('replaces the selected tab on a double click (the first click has already opened a tab)', async () => {
    await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.dblClick(fileButton('Valve chamber.ifc'));
    await screen.findByRole('tab', { name: 'Valve chamber.ifc' });
    expect(tabNames()).toEqual(['Valve chamber.ifc']);
  });

  it('at the tab limit a double click still replaces the selected tab in its place', async () => {
    await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.click(fileButton('Valve chamber.ifc'));
    await screen.findByRole('tab', { name: 'Valve chamber.ifc' });
    await userEvent.click(screen.getByRole('tab', { name: 'Pump station.ifc' }));
    await userEvent.dblClick(fileButton('Process and instrumentation diagram.pdf'));
    await vi.waitFor(() =>
      expect(tabNames()).toEqual(['Process and instrumentation diagram.pdf', 'Valve chamber.ifc']),
    );
    expect(selectedTabName()).toBe('Process and instrumentation diagram.pdf');
  });

  it('alerts at the tab limit (settings.maxViewers on wide screens)', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.click(fileButton('Valve chamber.ifc'));
    await screen.findByRole('tab', { name: 'Valve chamber.ifc' });
    await userEvent.click(fileButton('Process and instrumentation diagram.pdf'));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(TAB_LIMIT_MESSAGE));
    expect(tabNames()).toHaveLength(2);
  });

  it('allows one tab on mobile widths', async () => {
    window.innerWidth = 500;
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.click(fileButton('Valve chamber.ifc'));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(TAB_LIMIT_MESSAGE));
    expect(tabNames()).toEqual(['Pump station.ifc']);
  });

  it('alerts when additional tabs are not allowed', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await openWip('/main', { ...selected, allowAdditionalTabs: false });
    await userEvent.click(fileButton('Pump station.ifc'));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(TAB_LIMIT_MESSAGE));
    expect(tabNames()).toEqual([]);
  });

  it('selects and closes tabs; closing every tab brings back the start text', async () => {
    await openWip();
    await userEvent.click(fileButton('Pump station.ifc'));
    await screen.findByRole('tab', { name: 'Pump station.ifc' });
    await userEvent.click(fileButton('Valve chamber.ifc'));
    await screen.findByRole('tab', { name: 'Valve chamber.ifc' });

    await userEvent.click(screen.getByRole('tab', { name: 'Pump station.ifc' }));
    expect(selectedTabName()).toBe('Pump station.ifc');
    await userEvent.click(screen.getByRole('button', { name: 'Close Pump station.ifc' }));
    expect(tabNames()).toEqual(['Valve chamber.ifc']);
    expect(selectedTabName()).toBe('Valve chamber.ifc');
    await userEvent.click(screen.getByRole('button', { name: 'Close Valve chamber.ifc' }));
    expect(tabNames()).toEqual([]);
    expect(screen.getByText(START_TEXT)).toBeInTheDocument();
  });

  it('opening a model from another page goes to the project page', async () => {
    await openWip('/engineering');
    await userEvent.click(fileButton('Pump station.ifc'));
    expect(await screen.findByRole('tab', { name: 'Pump station.ifc' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/main');
  });
});
