/**
 * CSV as staff download it (the admin orders export, the Insights figures): RFC 4180, CRLF line ends, a
 * byte-order mark so that Excel reads UTF-8, and cells a spreadsheet would read as a formula neutralised
 * (docs/security.md#input-validation). Pure, so the server's exports and the browser's downloads share it.
 */

export type CsvValue = string | number | null | undefined;

/** Excel reads a UTF-8 file as UTF-8 only with a byte-order mark; other readers skip it. */
const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/**
 * A cell that starts with = + - @ tab or CR is read as a formula by Excel, LibreOffice and Google Sheets
 * (some importers first trim leading spaces, so spaces before them count too); a leading single quote makes
 * it text (OWASP CSV injection; ASVS 5.0 1.2.10).
 */
export function neutraliseFormula(value: string): string {
  return /^[ ]*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  return quoteCsvField(neutraliseFormula(String(value)));
}

/** One record and its line end. */
export function toCsvLine(cells: readonly CsvValue[]): string {
  return cells.map(toCsvCell).join(',') + LINE_END;
}

/** How a file starts: the byte-order mark and the header row (a streamed export then adds toCsvLine's). */
export function csvHead(header: readonly string[]): string {
  return BYTE_ORDER_MARK + toCsvLine(header);
}

/** The whole file: the header row, then one line per row. */
export function buildCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return csvHead(header) + rows.map(toCsvLine).join('');
}
