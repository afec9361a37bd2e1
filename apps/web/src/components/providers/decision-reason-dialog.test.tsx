import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerStatusTransitions } from '@sehha/contract/providers';
import i18n from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { DecisionReasonDialog } from './decision-reason-dialog';
import { ReviewStatusControl } from './review-status';

describe('DecisionReasonDialog', () => {
  const open = (onConfirm = vi.fn(), decision: 'rejected' | 'onHold' = 'rejected', error?: unknown) =>
    render(
      <DecisionReasonDialog
        open
        decision={decision}
        title="Reject?"
        confirmLabel="Yes, reject"
        busy={false}
        error={error}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );

  it('asks a rejection for a reason or a note before sending, and "other" for a note', async () => {
    const onConfirm = vi.fn();
    open(onConfirm);
    const dialog = screen.getByRole('dialog', { name: 'Reject?' });
    // Keyboard first: focus starts on the first reason.
    expect(screen.getByRole('checkbox', { name: 'Your documents could not be read' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialog).toHaveTextContent('Choose at least one reason or write a note');
    expect(screen.getByRole('checkbox', { name: 'Your documents could not be read' })).toHaveFocus();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Another reason (see the note)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(dialog).toHaveTextContent('Describe the other reason in the note');
    expect(screen.getByRole('textbox', { name: /Note to the provider/ })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Your license has expired' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Note to the provider/ }), '  Stamp unclear ');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(onConfirm).toHaveBeenCalledWith({ reason_codes: ['other', 'license_expired'], reason_note: 'Stamp unclear' });
  });

  it('asks a hold for the missing documents', async () => {
    const onConfirm = vi.fn();
    open(onConfirm, 'onHold');
    expect(screen.queryByRole('checkbox', { name: 'Your license has expired' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tax card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(onConfirm).toHaveBeenCalledWith({ missing_documents: ['tax_card'], reason_note: '' });
  });

  it("shows the server's answer: a field's error on its field, any other above the buttons", () => {
    const { unmount } = open(vi.fn(), 'rejected', new ApiError(422, 'x', { reason_note: ['Must be at most 1000 characters'] }));
    expect(screen.getByRole('textbox', { name: /Note to the provider/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Must be at most 1000 characters')).toBeInTheDocument();
    unmount();
    open(
      vi.fn(),
      'rejected',
      new ApiError(422, 'The status cannot change from rejected to on hold.', {
        status: ['The status cannot change from rejected to on hold.'],
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The status cannot change from rejected to on hold.');
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    try {
      open();
      expect(screen.getByRole('checkbox', { name: 'انتهت صلاحية ترخيصك' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
      expect(screen.getByRole('alert')).toHaveTextContent('اختر سببًا واحدًا على الأقل أو اكتب ملاحظة');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('ReviewStatusControl with reasons', () => {
  it('asks a provider rejection why, sends the reasons, and keeps the dialog open on a failure', async () => {
    const onChange = vi.fn();
    render(<ReviewStatusControl status="pending" next={providerStatusTransitions.pending} name="P" askReasons onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject: P' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this account?' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'The name does not match the documents' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(onChange).toHaveBeenCalledWith('rejected', expect.any(Function), { reason_codes: ['name_mismatch'], reason_note: '' });
    const settled = onChange.mock.calls[0]![1] as (error?: unknown) => void;
    act(() => settled(new ApiError(422, 'Refused', { status: ['Refused'] })));
    expect(dialog).toHaveTextContent('Refused');
    act(() => settled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Approving stays one click and its confirmation.
    await userEvent.click(screen.getByRole('button', { name: 'Accept: P' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(onChange).toHaveBeenLastCalledWith('approved', expect.any(Function));
  });
});
