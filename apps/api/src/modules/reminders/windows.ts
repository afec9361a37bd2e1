/**
 * The two reminders of a booked visit and when each is due, as lead times before the visit (a window
 * [from, until) of "time left"). The windows do not overlap, so a visit gets at most one reminder per round;
 * a visit booked or moved inside a window gets that reminder at once, one booked later than a window's end
 * never gets that one (a visit booked 3 hours ahead gets only the 2-hour reminder).
 *
 * - day_before: 24 h to 12 h before the visit (an evening visit is reminded the morning before at the latest).
 * - hours_before: 2 h before until the visit starts.
 */
export const reminderKinds = ['day_before', 'hours_before'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export const reminderWindows: Record<ReminderKind, { leadFromMinutes: number; leadUntilMinutes: number }> = {
  day_before: { leadFromMinutes: 24 * 60, leadUntilMinutes: 12 * 60 },
  hours_before: { leadFromMinutes: 2 * 60, leadUntilMinutes: 0 },
};
