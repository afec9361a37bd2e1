/** A value of the person, and what stands in its place: `exact` for a whole value, `within` inside a longer text. */
export type ScrubRule = { value: string; exact: string | null; within: string };

/**
 * Shorter values are replaced only as whole values: "Ali" inside "Alia" or "Alexandria" is someone else's.
 * Emails and phones are always long enough.
 */
const shortestWithin = 5;

/** A value this short (a two-letter name) is too common to be looked for at all. */
const shortest = 3;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces the person's values in parsed JSON (strings in objects and arrays, never keys) or in a text. Working on
 * parsed values, a replacement can never break the JSON around it; longer values go first, so that a phone is
 * replaced whole before its digits are. Case is ignored (emails, Latin names).
 */
export function createScrubber(rules: ScrubRule[]) {
  const usable = rules
    .filter((rule) => rule.value.trim().length >= shortest)
    .sort((a, b) => b.value.length - a.value.length)
    .map((rule) => ({ ...rule, lower: rule.value.toLowerCase(), pattern: new RegExp(escape(rule.value), 'giu') }));

  const text = (value: string): string | null => {
    const lower = value.toLowerCase();
    const whole = usable.find((rule) => rule.lower === lower);
    if (whole) return whole.exact;
    let result = value;
    for (const rule of usable) {
      if (rule.value.length >= shortestWithin) result = result.replace(rule.pattern, rule.within);
    }
    return result;
  };

  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(scrub);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrub(inner)]));
    return value;
  };

  return {
    scrub,
    scrubText: (value: string | null) => (value === null ? null : text(value)),
  };
}

/**
 * The values worth looking for in the database: those a scrubber replaces somewhere, whole from 3 characters, and
 * inside a longer text (`within`) from 5.
 */
export const searchable = (values: string[], options: { within?: boolean } = {}) => {
  const least = options.within ? shortestWithin : shortest;
  return [...new Set(values.filter((value) => value.trim().length >= least))];
};
