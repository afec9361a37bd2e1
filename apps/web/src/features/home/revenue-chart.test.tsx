import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import RevenueChart from './revenue-chart';

const series = {
  period: 'daily' as const,
  currency: 'EGP' as const,
  points: [
    { date: '2026-05-01', amount: 100 },
    { date: '2026-05-02', amount: 250 },
    { date: '2026-05-03', amount: 0 },
  ],
};

// jsdom lays nothing out: give the chart's box a width so that it draws.
const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 }));
afterAll(() => {
  if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
  void i18n.changeLanguage('en');
});

describe('revenue chart (SVG)', () => {
  it('is one labelled, focusable image with its figures as a table', () => {
    void i18n.changeLanguage('en');
    render(<RevenueChart series={series} />);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName('Revenue from May 1 to May 3: EGP\u00a0350 in total');
    expect(chart).toHaveAttribute('tabindex', '0');
    expect(chart.querySelector('svg path')).not.toBeNull();
    expect(screen.getByRole('table')).toHaveTextContent(/May 2\s*EGP\s250/);
  });

  it('reads the days out with the arrow keys, mirrored in Arabic', async () => {
    void i18n.changeLanguage('ar');
    render(<RevenueChart series={series} />);
    const chart = screen.getByRole('img');
    // The read-out names the amount ("المبلغ"); the axis shows round numbers only.
    chart.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(chart).toHaveTextContent('المبلغ: ١٠٠');
    await userEvent.keyboard('{ArrowLeft}');
    expect(chart).toHaveTextContent('المبلغ: ٢٥٠');
    await userEvent.keyboard('{ArrowRight}');
    expect(chart).toHaveTextContent('المبلغ: ١٠٠');
    await userEvent.tab();
    expect(chart).not.toHaveTextContent('المبلغ');
  });
});
