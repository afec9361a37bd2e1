import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, type PageState } from './pagination';

const page = (current: number, last: number): PageState => ({
  current_page: current,
  last_page: last,
  prev_page_url: current > 1 ? `/x?page=${current - 1}` : null,
  next_page_url: current < last ? `/x?page=${current + 1}` : null,
});

describe('Pagination', () => {
  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination paginator={page(1, 3)} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeEnabled();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    rerender(<Pagination paginator={page(3, 3)} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeEnabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();

    rerender(<Pagination paginator={page(1, 1)} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });

  it('follows the URLs, not the page numbers', () => {
    render(<Pagination paginator={{ current_page: 2, last_page: 5, prev_page_url: null, next_page_url: null }} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });

  it('asks for the neighbouring pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination paginator={page(2, 3)} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await userEvent.click(screen.getByRole('button', { name: /previous/i }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables both while a page is loading', () => {
    render(<Pagination paginator={page(2, 3)} onPageChange={() => {}} disabled />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });
});

describe('Pagination with a total', () => {
  const full = { ...page(3, 10), from: 51, to: 75, total: 240, per_page: 25 };

  it('shows the range, offers rows per page, first and last', async () => {
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    render(<Pagination paginator={full} onPageChange={onPageChange} onPerPageChange={onPerPageChange} />);
    expect(screen.getByText('51–75 of 240')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPerPageChange).toHaveBeenCalledWith(50);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange.mock.calls).toEqual([[1], [10]]);
  });

  it('shows a capped search count as "10,000+"', () => {
    render(<Pagination paginator={{ ...full, current_page: 1, from: 1, to: 25, total: 10_001, last_page: 401 }} onPageChange={() => {}} />);
    expect(screen.getByText('1–25 of 10,000+')).toBeInTheDocument();
  });

  it('jumps to a typed page, kept within the pages (Arabic-Indic digits count too)', async () => {
    const onPageChange = vi.fn();
    render(<Pagination paginator={full} onPageChange={onPageChange} />);
    const box = screen.getByLabelText('Page', { exact: true });
    await userEvent.clear(box);
    await userEvent.type(box, '7{Enter}');
    await userEvent.clear(box);
    await userEvent.type(box, '٩٩{Enter}');
    expect(onPageChange.mock.calls).toEqual([[7], [10]]);
    expect(box).toHaveValue('10');
  });
});
