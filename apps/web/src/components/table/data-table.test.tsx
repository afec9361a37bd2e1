import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DataTable, type Column } from './data-table';

type Row = { id: number; address: string };
const columns: Column<Row>[] = [
  { id: 'address', header: 'Address', cell: (row) => row.address },
  { id: 'actions', header: 'Actions', cell: (row) => <button type="button">Edit {row.id}</button> },
];

describe('DataTable', () => {
  it('isolates text cells so mixed-direction text keeps its order, and leaves elements alone', () => {
    renderWithProviders(
      <DataTable caption="Places" columns={columns} rows={[{ id: 1, address: '2 Queen Rania St' }]} rowKey={(r) => r.id} />,
    );
    const table = screen.getByRole('table', { name: 'Places' });
    expect(within(table).getByText('2 Queen Rania St').tagName).toBe('BDI');
    expect(within(table).getByRole('button', { name: 'Edit 1' }).parentElement?.tagName).not.toBe('BDI');
  });

  it('shows the empty message when there are no rows', () => {
    renderWithProviders(<DataTable caption="Places" columns={columns} rows={[]} rowKey={(r) => r.id} emptyMessage="Nothing here" />);
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });

  it('stands skeleton rows in for the first page, or the spinner where the spec asks for one', () => {
    const { container, rerender } = renderWithProviders(
      <DataTable caption="Places" columns={columns} rows={undefined} loading skeletonRows={7} rowKey={(r) => r.id} />,
    );
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(7);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    rerender(<DataTable caption="Places" columns={columns} rows={undefined} loading loadingStyle="spinner" rowKey={(r) => r.id} />);
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(0);
    expect(container.querySelector('.animate-spin')).not.toBeNull();
  });
});
