import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { providerStatusTransitions } from '@sehha/contract/providers';
import { ReviewStatusControl } from './review-status';

describe('ReviewStatusControl', () => {
  it.each([
    ['pending', ['Accept: Dr. X', 'Reject: Dr. X', 'Hold: Dr. X']],
    ['onHold', ['Accept: Dr. X', 'Reject: Dr. X']],
    ['approved', ['Reject: Dr. X', 'Hold: Dr. X']],
    ['rejected', ['Accept: Dr. X']],
  ] as const)('from %s offers only the allowed transitions', (status, buttons) => {
    render(<ReviewStatusControl status={status} next={providerStatusTransitions[status]} name="Dr. X" onChange={() => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(buttons);
  });

  it('asks for confirmation naming the account and the decision, then reports the chosen status', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ReviewStatusControl status="pending" next={providerStatusTransitions.pending} name="P" email="p@x.test" onChange={onChange} />,
    );
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject: P' }));
    expect(onChange).not.toHaveBeenCalled();
    const dialog = screen.getByRole('alertdialog', { name: 'Reject this account?' });
    expect(dialog).toHaveTextContent('The status of P (p@x.test) will change from “Pending” to “Rejected”.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Hold: P' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, put on hold' }));
    expect(onChange).toHaveBeenCalledWith('onHold', expect.any(Function));
    // The dialog stays (busy) until the change has settled.
    expect(screen.getByRole('alertdialog', { name: 'Put this account on hold?' })).toBeInTheDocument();
    const settled = onChange.mock.calls[0]![1] as () => void;
    act(() => settled());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    rerender(<ReviewStatusControl status="pending" next={providerStatusTransitions.pending} name="P" busy onChange={onChange} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
