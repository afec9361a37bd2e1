// The first letter decides, as `dir="auto"` does: Hebrew, Arabic (with its presentation forms) read right to left.
const firstStrong = /(\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana})|\p{L}/u;

/**
 * The direction of a value from its first letter; a value with no letter (a phone number, a code) reads left to
 * right, so "+962 7…" keeps its plus sign in front in Arabic too.
 */
export function textDirection(text: string): 'ltr' | 'rtl' {
  const match = firstStrong.exec(text);
  return match?.[1] ? 'rtl' : 'ltr';
}
