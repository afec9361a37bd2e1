import { describe, expect, it } from 'vitest';
import { formatVisitDay, paymentOf, splitAppointmentTime, visitHour } from './appointment-time';

describe('appointment time (spec §3, §5)', () => {
  it('takes the date from characters 1-10 and the time from 12-19', () => {
    expect(splitAppointmentTime('2026-05-01 14:30:00')).toEqual({ date: '2026-05-01', time: '14:30:00' });
    expect(splitAppointmentTime('2026-05-01T14:30:00.000000Z')).toEqual({ date: '2026-05-01', time: '14:30:00' });
  });

  it("formats the visit day as 'DD Month YYYY', in Arabic month names in Arabic", () => {
    expect(formatVisitDay('2026-05-01 14:30:00', 'en')).toBe('01 May 2026');
    expect(formatVisitDay('2026-12-31 23:59:59', 'en')).toBe('31 December 2026');
    expect(formatVisitDay('2026-05-01 14:30:00', 'ar')).toBe('٠١ مايو ٢٠٢٦');
    expect(formatVisitDay('2026-02-30 10:00:00', 'en')).toBe('2026-02-30');
    expect(formatVisitDay('garbage', 'en')).toBe('garbage');
  });

  it('never shifts the day, whatever the time zone: midnight stays on its date', () => {
    expect(formatVisitDay('2026-01-01 00:00:00', 'en')).toBe('01 January 2026');
    expect(visitHour('2026-01-01 00:00:00')).toEqual({ hour: 12, period: 'am' });
  });

  it('gives the hour in 12-hour form with AM or PM, without minutes', () => {
    expect(visitHour('2026-05-01 14:30:00')).toEqual({ hour: 2, period: 'pm' });
    expect(visitHour('2026-05-01 12:00:00')).toEqual({ hour: 12, period: 'pm' });
    expect(visitHour('2026-05-01 09:59:00')).toEqual({ hour: 9, period: 'am' });
    expect(visitHour('2026-05-01 23:00:00')).toEqual({ hour: 11, period: 'pm' });
    expect(visitHour('2026-05-01')).toBeNull();
    expect(visitHour('2026-05-01 25:00:00')).toBeNull();
  });

  it("reads 'website' as online payment and anything else as cash", () => {
    expect(paymentOf('website')).toBe('online');
    expect(paymentOf('cash')).toBe('cash');
    expect(paymentOf('app')).toBe('cash');
  });
});
