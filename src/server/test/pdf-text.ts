import { execFile } from 'node:child_process';

/**
 * The text of a PDF as `pdftotext -layout` reads it (Debian's poppler-utils, which .ci/run installs): each
 * line of the page as one line of text, columns kept apart by spaces. The order PDF's integration tests and
 * its end-to-end journey read the figures back with it (docs/orders.md#order-pdf).
 */
export function pdfToText(pdf: Buffer | Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.env.PDFTOTEXT_PATH ?? 'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-', '-'],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdftotext failed: ${stderr || error.message}`, { cause: error }));
        else resolve(stdout);
      },
    );
    child.stdin?.end(pdf);
  });
}

/** One line of `pdftotext -layout` output with its runs of spaces made one: 'Total $450.00'. */
export function pdfLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
