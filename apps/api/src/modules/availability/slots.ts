import type { Slot } from '@sehha/contract/availability';
import { addDays, daysBetween, instantOf, weekdayOf, zonedIso } from './zoned-time';

/** A doctor's booking settings (provider_schedules, or its defaults). */
export type ScheduleSettings = { time_zone: string; slot_minutes: number; horizon_days: number; min_notice_minutes: number };

export type SlotFacility = Slot['facility'];

/** A wall-clock range of a day, in minutes after midnight: [start, end). */
export type DayRange = { start: number; end: number; facility: SlotFacility };
export type WeeklyRange = DayRange & { weekday: number };

export type SlotInputs = {
  settings: ScheduleSettings;
  weekly: WeeklyRange[];
  /** A date's own ranges replace its weekday's; an empty list is a day off. */
  exceptions: Map<string, DayRange[]>;
  /** Instants (ms) the doctor is taken: active appointments. */
  busy: Array<{ starts: number; ends: number }>;
  now: number;
  from: string;
  to: string;
};

export type ComputedSlot = { starts: number; ends: number; facility: SlotFacility };

/**
 * The free slots of each local date from `from` to `to`, stepped in wall-clock time from each range's start, so a
 * 09:00 slot is 09:00 in the doctor's zone whatever the offset that day. A wall-clock time the clocks skip has no
 * slot; one that occurs twice (fall back) gives one slot, at its first occurrence. Past slots, those inside the
 * minimum notice or beyond the horizon, and those overlapping an active appointment are left out. Work is
 * proportional to the days asked × the ranges of a day.
 */
export function computeSlots({
  settings,
  weekly,
  exceptions,
  busy,
  now,
  from,
  to,
}: SlotInputs): Array<{ date: string; slots: ComputedSlot[] }> {
  const slotMs = settings.slot_minutes * 60_000;
  // Notice and horizon count from the minute's start: a booking and the list agree, and the list is the minute's
  // (kept, http/kept-answer.ts).
  const minute = Math.floor(now / 60_000) * 60_000;
  const earliest = minute + settings.min_notice_minutes * 60_000;
  const latest = minute + settings.horizon_days * 86_400_000;
  const days: Array<{ date: string; slots: ComputedSlot[] }> = [];
  for (let offset = 0; offset <= daysBetween(from, to); offset++) {
    const date = addDays(from, offset);
    const weekday = weekdayOf(date);
    const ranges = (exceptions.get(date) ?? weekly.filter((range) => range.weekday === weekday)).toSorted((a, b) => a.start - b.start);
    const seen = new Set<number>();
    const slots: ComputedSlot[] = [];
    for (const range of ranges) {
      for (let minute = range.start; minute + settings.slot_minutes <= range.end; minute += settings.slot_minutes) {
        const starts = instantOf(date, minute, settings.time_zone);
        if (starts === null || seen.has(starts)) continue;
        seen.add(starts);
        const ends = starts + slotMs;
        if (starts < earliest || starts > latest) continue;
        if (busy.some((taken) => taken.starts < ends && starts < taken.ends)) continue;
        slots.push({ starts, ends, facility: range.facility });
      }
    }
    days.push({ date, slots: slots.toSorted((a, b) => a.starts - b.starts) });
  }
  return days;
}

/** A computed slot as the API answers it: instants with the zone's offset. */
export const presentSlot = (slot: ComputedSlot, timeZone: string): Slot => ({
  starts_at: zonedIso(slot.starts, timeZone),
  ends_at: zonedIso(slot.ends, timeZone),
  facility: slot.facility,
});
