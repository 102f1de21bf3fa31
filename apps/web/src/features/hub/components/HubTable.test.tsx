import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HubTable, NO_MATCHING_ROWS, type HubColumn } from './HubTable.tsx';

interface Row {
  id: string;
  name: string;
  city: string;
}
const columns: HubColumn<Row>[] = [
  { key: 'name', label: 'Name', text: (r) => r.name },
  { key: 'city', label: 'City', text: (r) => r.city, render: (r) => <em>{r.city}</em> },
];
const rows: Row[] = [
  { id: '1', name: 'Anglian Works', city: 'Norwich' },
  { id: '2', name: 'Bristol Reservoir', city: 'Bristol' },
  { id: '3', name: 'Anglian Pumping', city: 'Ely' },
];

const bodyRows = (table: HTMLElement) =>
  within(table.querySelector('tbody') as HTMLElement).getAllByRole('row') as HTMLTableRowElement[];

describe('HubTable', () => {
  it('shows the columns, a filter per column and the rows with their actions', async () => {
    const onView = vi.fn();
    render(
      <HubTable
        label="Places"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        emptyText="Nothing pending"
        actions={(r) => (
          <button type="button" onClick={() => onView(r.id)}>
            View
          </button>
        )}
      />,
    );
    const table = screen.getByRole('table', { name: 'Places' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'City', 'Actions']);
    expect(screen.getByPlaceholderText('Filter name')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter City' })).toBeInTheDocument();
    expect(bodyRows(table)).toHaveLength(3);
    await userEvent.click(within(bodyRows(table)[1] as HTMLElement).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith('2');
  });

  it('narrows rows case-insensitively, with every filled filter', async () => {
    render(<HubTable label="Places" columns={columns} rows={rows} rowKey={(r) => r.id} emptyText="None" />);
    const table = screen.getByRole('table', { name: 'Places' });
    await userEvent.type(screen.getByLabelText('Filter Name'), 'ANGLIAN');
    expect(bodyRows(table).map((r) => r.cells[0]?.textContent)).toEqual(['Anglian Works', 'Anglian Pumping']);
    await userEvent.type(screen.getByLabelText('Filter City'), 'eLy');
    expect(bodyRows(table).map((r) => r.cells[0]?.textContent)).toEqual(['Anglian Pumping']);
    await userEvent.type(screen.getByLabelText('Filter City'), 'x');
    expect(within(table).getByText(NO_MATCHING_ROWS)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filter City'));
    await userEvent.clear(screen.getByLabelText('Filter Name'));
    expect(bodyRows(table)).toHaveLength(3);
  });

  it('says so when there are no rows', () => {
    render(
      <HubTable
        label="Places"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="Nothing pending"
      />,
    );
    expect(screen.getByText('Nothing pending')).toBeInTheDocument();
  });
});
