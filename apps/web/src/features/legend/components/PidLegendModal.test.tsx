import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYMBOL_CATALOGUE, SYMBOL_GROUPS } from '@penstock/shared';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { testLegend } from '../test/legendFixture.ts';
import { PidLegendModal } from './PidLegendModal.tsx';

const openLegend = () => renderWithProviders(<PidLegendModal show onHide={() => {}} />);

describe('P&ID Legend modal', () => {
  it('shows symbols, fluid codes and pipe specs in three columns from /api/legend', async () => {
    mockFetch({ '/api/legend': { json: testLegend } });
    openLegend();
    const dialog = await screen.findByRole('dialog', { name: 'P&ID Legend' });
    // id PID is on the dialog box itself (react-bootstrap puts a Modal's id on .modal-dialog)
    expect(dialog).toContainElement(document.getElementById('PID'));
    expect(within(dialog).getByRole('heading', { name: 'P&ID Symbols' })).toBeInTheDocument();
    const fluids = await within(dialog).findByRole('table', { name: 'Fluid Codes' });
    expect(
      within(fluids)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['RSRaw Sewage', 'FEFinal Effluent', 'PWPotable Water']);
    const pipes = within(dialog).getByRole('table', { name: 'Pipe Specs' });
    expect(within(pipes).getByRole('cell', { name: 'PE100-11U' })).toBeInTheDocument();
    expect(within(pipes).getByRole('cell', { name: 'Ductile Iron PN16 Flanged' })).toBeInTheDocument();
  });

  it('lists the 26 groups and renders a group’s lazy images only once it is opened', async () => {
    mockFetch({ '/api/legend': { json: testLegend } });
    openLegend();
    const dialog = await screen.findByRole('dialog', { name: 'P&ID Legend' });
    const groups = within(dialog).getAllByRole('heading', { level: 4 });
    expect(groups.map((h) => h.textContent!.replace(/\s*\d+$/, ''))).toEqual([...SYMBOL_GROUPS]);
    expect(dialog.querySelectorAll('img')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: /^Presses \d+$/ }));
    const presses = SYMBOL_CATALOGUE.filter((s) => s.group === 'Presses');
    const images = dialog.querySelectorAll('img');
    expect(images).toHaveLength(presses.length);
    images.forEach((img) => expect(img).toHaveAttribute('loading', 'lazy'));
    expect(within(dialog).getByText('Belt Filter Press')).toBeInTheDocument();
    expect(images[0]).toHaveAttribute('src', presses[0]!.src);
  });

  it('folds a table away under its heading and copies a fluid code that is clicked', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    mockFetch({ '/api/legend': { json: testLegend } });
    openLegend();
    const fluids = await screen.findByRole('table', { name: 'Fluid Codes' });
    await user.click(within(fluids).getByRole('cell', { name: 'RS' }));
    expect(writeText).toHaveBeenCalledWith('RS');
    expect(await screen.findByText('Copied ‘RS’')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('RS');

    const toggle = screen.getByRole('button', { name: /^Pipe Specs/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when the legend cannot be loaded, and still shows the symbols', async () => {
    mockFetch({ '/api/legend': { status: 500, error: 'The legend file is unreadable' } });
    openLegend();
    expect(await screen.findByText('Fluid Codes could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Pipe Specs could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByText('The legend file is unreadable')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Valves \d+$/ })).toBeInTheDocument();
  });
});
