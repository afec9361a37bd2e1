/**
 * The dashboard's copy of the database's sehha_fold() (migration 0000): Arabic diacritics and tatweel
 * dropped, alef/hamza forms to ا, ؤ → و, ئ and ى → ي, ة → ه, Latin lower-cased, so that a client-side
 * match (screen names in the command palette) finds what the server's search would.
 */
export function foldText(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/[ئى]/g, 'ي')
    .replace(/ة/g, 'ه')
    .toLowerCase();
}
