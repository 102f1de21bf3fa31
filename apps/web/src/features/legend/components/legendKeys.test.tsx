import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { testLegend } from '../test/legendFixture.ts';
import { FluidCodesModal } from './FluidCodesModal.tsx';
import { StaticPropertyOptionsModal, filterStaticProperties } from './StaticPropertyOptionsModal.tsx';

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Fluid Codes key', () => {
  it('lists every fluid code with its description', async () => {
    mockFetch({ '/api/legend': { json: testLegend } });
    renderWithProviders(<FluidCodesModal show onHide={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Fluid Codes key' });
    const table = await within(dialog).findByRole('table', { name: 'Fluid codes' });
    expect(bodyRows(table)).toEqual([
      ['RS', 'Raw Sewage'],
      ['FE', 'Final Effluent'],
      ['PW', 'Potable Water'],
    ]);
  });

  it('shows a clear message when the legend cannot be loaded', async () => {
    mockFetch({ '/api/legend': { status: 500, error: 'Broken legend' } });
    renderWithProviders(<FluidCodesModal show onHide={() => {}} />);
    expect(await screen.findByText('The fluid codes could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Broken legend')).toBeInTheDocument();
  });
});

describe('Static Property Options', () => {
  it('filters the guide by Item and Property Name, and Reset Filters clears both', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/legend': { json: testLegend } });
    renderWithProviders(<StaticPropertyOptionsModal show onHide={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Static Property Options' });
    const table = await within(dialog).findByRole('table', { name: 'Static property options' });
    expect(bodyRows(table)).toHaveLength(6);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Property Name', 'Value']);

    const item = within(dialog).getByRole('combobox', { name: 'Item' });
    const property = within(dialog).getByRole('combobox', { name: 'Property Name' });
    expect(optionsOf(item)).toEqual(['All', 'Gate Valve (Open)', 'Pipeline (Major)', 'Level Instrument']);
    expect(optionsOf(property)).toEqual([
      'All',
      'Gear Box Required',
      'Valve Type',
      'Above Ground/Below Ground',
      'Transmitter Mounting Location',
    ]);

    await user.selectOptions(item, 'Gate Valve (Open)');
    expect(optionsOf(property)).toEqual(['All', 'Gear Box Required', 'Valve Type']);
    expect(bodyRows(within(dialog).getByRole('table'))).toHaveLength(3);
    await user.selectOptions(property, 'Gear Box Required');
    expect(bodyRows(within(dialog).getByRole('table'))).toEqual([
      ['Gate Valve (Open)', 'Gear Box Required', 'Yes'],
      ['Gate Valve (Open)', 'Gear Box Required', 'No'],
    ]);

    // an item without that property: nothing matches both filters
    await user.selectOptions(item, 'Pipeline (Major)');
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Found no results matching selected filters')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reset Filters' }));
    expect(item).toHaveValue('');
    expect(property).toHaveValue('');
    expect(bodyRows(within(dialog).getByRole('table'))).toHaveLength(6);
  });

  it('filters with either filter left open', () => {
    const rows = testLegend.staticPropertyGuide;
    expect(filterStaticProperties(rows, '', '')).toHaveLength(6);
    expect(filterStaticProperties(rows, '', 'Above Ground/Below Ground').map((r) => r.Value)).toEqual([
      'AG',
      'BG',
    ]);
    expect(filterStaticProperties(rows, 'Level Instrument', 'Valve Type')).toEqual([]);
  });
});
