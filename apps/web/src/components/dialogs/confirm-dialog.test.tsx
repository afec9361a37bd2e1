import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} variant="delete" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the delete question and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open variant="delete" onConfirm={onConfirm} onCancel={onCancel} details="Clinic" />);
    const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure You Want To Delete This' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Clinic');
    // Focus starts on the harmless button.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('has a deactivate variant', () => {
    render(<ConfirmDialog open variant="deactivate" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('alertdialog', { name: 'Are You Sure You Want To Deactivate This' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, deactivate' })).toBeInTheDocument();
  });

  it('while busy, disables both buttons and ignores Escape', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open busy variant="delete" onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Yes, delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    try {
      render(<ConfirmDialog open variant="delete" onConfirm={() => {}} onCancel={() => {}} />);
      expect(screen.getByRole('alertdialog', { name: 'هل أنت متأكد من الحذف؟' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
