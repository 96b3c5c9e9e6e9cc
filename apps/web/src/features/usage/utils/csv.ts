/** A CSV cell: text (neutralised against formulas) or a number (written as is). */
export type CsvCell = string | number;

/** What a spreadsheet reads as the start of a formula (OWASP: CSV injection), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field holding one of these must be quoted (RFC 4180, section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: text that a spreadsheet would run as a formula gets a leading `'`; quoted when RFC 4180 asks. */
export function csvField(cell: CsvCell): string {
  let text = typeof cell === 'number' ? String(cell) : cell;
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 CSV: fields joined by commas, every record (the last too) ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
