import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYMBOL_CATALOGUE, SYMBOL_GROUPS } from '@penstock/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { SymbolLibraryModal } from './SymbolLibraryModal.tsx';

const groupHeadings = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent!.replace(/\s*\d+$/, ''));

async function openLibrary() {
  renderWithProviders(<SymbolLibraryModal show onHide={() => {}} />);
  return screen.findByRole('dialog', { name: 'P&ID Symbol Library' });
}

describe('P&ID Symbol Library', () => {
  it('is an accordion of the 26 groups in order, each with its symbol count', async () => {
    const dialog = await openLibrary();
    expect(groupHeadings(dialog)).toEqual([...SYMBOL_GROUPS]);
    const presses = SYMBOL_CATALOGUE.filter((s) => s.group === 'Presses').length;
    expect(within(dialog).getByRole('button', { name: `Presses ${presses}` })).toBeInTheDocument();
    // nothing is rendered inside a group until it is opened
    expect(within(dialog).queryAllByRole('table')).toHaveLength(0);
  });

  it('shows a group as a table of Symbol, Item and Static Properties; a clicked cell is copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const dialog = await openLibrary();
    await user.click(within(dialog).getByRole('button', { name: /^Valves \d+$/ }));
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Symbol', 'Item', 'Static Properties']);
    const gate = within(table).getByText('Gate Valve', { selector: 'td' });
    const row = gate.closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Gate Valve' })).toHaveAttribute('loading', 'lazy');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Drilling Specification',
      'Gear Box Required',
      'Head Works Specification',
      'Valve Orientation',
      'Valve Type',
    ]);

    await user.click(gate);
    expect(writeText).toHaveBeenLastCalledWith('Gate Valve');
    expect(await screen.findByText('Copied ‘Gate Valve’')).toBeInTheDocument();

    await user.click(within(row).getByText('Valve Type').closest('td')!);
    expect(writeText).toHaveBeenLastCalledWith(
      'Drilling Specification\nGear Box Required\nHead Works Specification\nValve Orientation\nValve Type',
    );

    await user.click(within(row).getByRole('img').closest('td')!);
    expect(writeText).toHaveBeenLastCalledWith(
      expect.stringMatching(/^http.*\/symbols\/valves\/gate-valve\.svg$/),
    );
  });

  it('falls back to a hidden text area when the Clipboard API refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('not allowed'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const dialog = await openLibrary();
    await user.click(within(dialog).getByRole('button', { name: /^Presses \d+$/ }));
    await user.click(within(dialog).getByText('Screw Press', { selector: 'td' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Copied ‘Screw Press’')).toBeInTheDocument();

    execCommand.mockReturnValue(false);
    await user.click(within(dialog).getByText('Decanter Centrifuge', { selector: 'td' }));
    expect(await screen.findByText(/Could not copy to the clipboard/)).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('searches item names without regard to case, showing only groups with a match', async () => {
    const user = userEvent.setup();
    const dialog = await openLibrary();
    const search = within(dialog).getByRole('searchbox', { name: 'Search items' });
    await user.type(search, 'GATE VALVE');
    expect(groupHeadings(dialog)).toEqual(['Valves']);
    // a search opens the matching groups
    const table = within(dialog).getByRole('table');
    expect(within(table).getByText('Gate Valve', { selector: 'td' })).toBeInTheDocument();
    expect(within(table).queryByText('Globe Valve', { selector: 'td' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(groupHeadings(dialog)).toEqual([]);
    expect(within(dialog).getByText('No symbol matches ‘zzz’.')).toBeInTheDocument();

    await user.clear(search);
    expect(groupHeadings(dialog)).toHaveLength(26);
  });
});
