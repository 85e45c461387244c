import { ORDERS_EXPORT_TOTAL_HEADER } from '../../../shared/schemas/admin-orders';

/*
 * The orders export read by the page itself (docs/admin.md#orders), so admin can show how far it is: the
 * server streams the CSV a page of orders at a time and names the total in X-Total-Count; the rows are counted
 * as the bytes arrive, and the file is saved once it is whole.
 */

export interface ExportProgress {
  rows: number;
  /** How many orders the export holds, or null when the server did not say. */
  total: number | null;
}

export interface ExportedFile {
  fileName: string;
  blob: Blob;
  rows: number;
}

/** A failed export, with the sentence admin shows. */
export class ExportFailedError extends Error {
  override readonly name = 'ExportFailedError';
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the records of a CSV as its bytes arrive: a line feed outside quotes ends one (RFC 4180; a doubled
 * quote toggles twice, so it changes nothing). Bytes, not text: in UTF-8 neither byte occurs inside another
 * character, and a chunk may end in the middle of one.
 */
export function createCsvRecordCounter() {
  let quoted = false;
  let records = 0;
  return (bytes: Uint8Array): number => {
    for (const byte of bytes) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LINE_FEED && !quoted) records += 1;
    }
    return records;
  };
}

/** The file name the server gives in Content-Disposition, or a plain one. */
export function exportFileName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'orders.csv';
}

async function failureOf(response: Response): Promise<ExportFailedError> {
  const body: unknown = await response.json().catch(() => null);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `the server answered ${response.status}`;
  return new ExportFailedError(message);
}

/** Downloads the export at `url`, reporting the rows received as they come. */
export async function fetchOrdersExport(
  url: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'text/csv' }, signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExportFailedError('the server could not be reached');
  }
  if (!response.ok) throw await failureOf(response);
  const totalHeader = Number(response.headers.get(ORDERS_EXPORT_TOTAL_HEADER));
  const total = Number.isInteger(totalHeader) && totalHeader >= 0 ? totalHeader : null;
  const reader = response.body?.getReader();
  if (!reader) throw new ExportFailedError('the download could not be read');
  const count = createCsvRecordCounter();
  const parts: Uint8Array[] = [];
  let rows = 0;
  onProgress({ rows, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      // The header row is a record too.
      rows = Math.max(0, count(value) - 1);
      onProgress({ rows, total });
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExportFailedError('the download was interrupted');
  }
  const blob = new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
  return { fileName: exportFileName(response.headers.get('content-disposition')), blob, rows };
}
