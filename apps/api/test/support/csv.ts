/**
 * An export's CSV as records: the BOM dropped, then RFC 4180 (quoted cells may hold commas, doubled quotes and
 * line breaks; every record ends with CRLF).
 */
export function parseCsv(file: string): string[][] {
  const text = file.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      record.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  return records;
}
