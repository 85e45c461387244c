/**
 * What the benchmarks share to report: medians, Markdown tables, prose wrapped as the README is, and the
 * blocks they write into README.md between their markers (`<!-- bench:NAME:start -->` … `:end -->`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? NaN;
  return ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** A Markdown table with padded columns (readable on the console; Prettier keeps it as it is). */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, index) => text.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const README_WIDTH = 110;

/** Breaks prose into lines of at most README_WIDTH characters, as the rest of the README is written. */
export function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > README_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/**
 * Replaces what is between the `bench:NAME` markers in the README with `paragraphs` (blank lines between),
 * then formats the file as `npm run check` wants.
 */
export async function writeReadmeBlock(readmePath: string, name: string, paragraphs: readonly string[]) {
  const startMarker = `<!-- bench:${name}:start -->`;
  const endMarker = `<!-- bench:${name}:end -->`;
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(startMarker);
  const end = readme.indexOf(endMarker);
  if (start === -1 || end < start)
    throw new Error(`${readmePath} has no ${startMarker} … ${endMarker} markers`);
  const text = [startMarker, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), endMarker].join('\n');
  const updated = readme.slice(0, start) + text + readme.slice(end + endMarker.length);
  const options = (await prettier.resolveConfig(readmePath)) ?? {};
  writeFileSync(readmePath, await prettier.format(updated, { ...options, filepath: readmePath }));
}
