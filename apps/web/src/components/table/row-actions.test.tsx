import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserX } from 'lucide-react';
import { renderWithProviders } from '../../test/render';
import { RowActions } from './row-actions';

function renderMenu() {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const onDeactivate = vi.fn();
  renderWithProviders(
    <RowActions
      name="Cairo"
      onEdit={onEdit}
      onDelete={onDelete}
      actions={[
        { key: 'deactivate', label: 'Deactivate', icon: UserX, destructive: true, onSelect: onDeactivate },
        { key: 'open', label: 'Open', to: '/en/dashboard/x' },
      ]}
    />,
  );
  return { onEdit, onDelete, onDeactivate, button: screen.getByRole('button', { name: 'Actions for Cairo' }) };
}

describe('RowActions', () => {
  it('is a menu button: closed until asked, then the items with destructive ones last after a separator', async () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Open', 'Deactivate', 'Delete']);
    expect(items[1]).toHaveAttribute('href', '/en/dashboard/x');
    expect(screen.getByRole('separator')).toBeInTheDocument();
    expect(items[2]!.className).toContain('text-red-700');
    expect(items[3]!.className).toContain('text-red-700');
    expect(items[0]).toHaveFocus();
  });

  it('moves focus with the arrows, Home and End (wrapping), and Escape closes and returns focus', async () => {
    const { button } = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('runs the chosen command once and closes', async () => {
    const { onDelete, onEdit, button } = renderMenu();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
