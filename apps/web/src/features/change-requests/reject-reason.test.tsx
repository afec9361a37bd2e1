import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n';
import { ApiError } from '../../lib/api-client';
import { BulkRejectDialog } from './reject-reason';

describe('BulkRejectDialog (change requests)', () => {
  const open = (onConfirm = vi.fn(), error?: unknown) =>
    render(
      <BulkRejectDialog
        title="Reject 2 requests?"
        confirmLabel="Reject"
        details="2 selected requests"
        busy={false}
        error={error}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );

  it('sends the trimmed reason beside the selection, or none when left blank', async () => {
    const onConfirm = vi.fn();
    const { unmount } = open(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenLastCalledWith({});
    await userEvent.type(screen.getByRole('textbox', { name: /reason/i }), '  Duplicate requests ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ reason: 'Duplicate requests' });
    unmount();
  });

  it("shows the server's refusal in the dialog", () => {
    open(vi.fn(), new ApiError(422, 'The given data was invalid.', { reason: ['Must be at most 1000 characters'] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at most 1000 characters');
  });
});
