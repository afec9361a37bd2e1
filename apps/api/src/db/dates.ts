/** Timestamps leave the API as ISO 8601 in UTC, whichever driver read them. */
export const toIso = (value: string | Date | null | undefined): string | null =>
  value == null
    ? null
    : new Date(
        value instanceof Date ? value : value.includes('T') || /[+-]\d\d(:?\d\d)?$|Z$/.test(value) ? value : `${value}Z`,
      ).toISOString();

export const toIsoRequired = (value: string | Date) => toIso(value)!;
