/**
 * An appointment's instants from a Cairo wall-clock time 'YYYY-MM-DD HH:MM:SS' (what the admin API answers as
 * appointment_time), 30 minutes long, for rows inserted directly by tests.
 */
export function cairoVisit(wallClock: string, minutes = 30): { starts_at: string; ends_at: string } {
  const starts = new Date(`${wallClock.replace(' ', 'T')}Z`);
  // Cairo's offset at that wall-clock time: +02:00, or +03:00 in summer time (last Friday of April to last Thursday of October).
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Cairo', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(starts.getTime() - 2 * 3_600_000))
      .find((part) => part.type === 'timeZoneName')!
      .value.replace('GMT', '') || '0',
  );
  const instant = new Date(starts.getTime() - offsetHours * 3_600_000);
  return { starts_at: instant.toISOString(), ends_at: new Date(instant.getTime() + minutes * 60_000).toISOString() };
}
