import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows its message with an icon, and a "clear search and filters" action when given one', async () => {
    const clear = vi.fn();
    const { container } = render(<EmptyState message="No doctors match" onClearFilters={clear} />);
    expect(screen.getByText('No doctors match')).toBeInTheDocument();
    expect(container.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(clear).toHaveBeenCalledOnce();
  });

  it('is an alert when it reports an error, and offers no clear action unasked', () => {
    render(<EmptyState tone="error" message="Error fetching data" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching data');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
