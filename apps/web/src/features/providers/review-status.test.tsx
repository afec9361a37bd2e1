import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
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

  it('reports the chosen status and disables the buttons while busy', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ReviewStatusControl status="pending" next={providerStatusTransitions.pending} name="P" onChange={onChange} />);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject: P' }));
    expect(onChange).toHaveBeenCalledWith('rejected');
    rerender(<ReviewStatusControl status="pending" next={providerStatusTransitions.pending} name="P" busy onChange={onChange} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
