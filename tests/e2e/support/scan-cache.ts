import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Which documents the accessibility check has already scanned clean (a11y.ts). An axe run costs a second or
 * more on the CI machine, and the scans were two fifths of the end-to-end stage's time (issue 30). Some scans
 * meet a document seen before in all but its numbers: the empty order form in another test, another order's
 * page. So a document is recognised by its *shape*: a fingerprint of its markup in which every run of digits
 * and every React id (`_r_1g_`) in its text and attributes reads '#' (class and style kept whole: they decide
 * colours and contrast). Then:
 *
 * - a shape scanned clean before is not scanned again, in this worker or the other one: the run's workers
 *   share what they found through a file in the run's data folder (`WHOLESALE_E2E_DATA_DIR`, made by
 *   playwright.config.ts; without it, each worker remembers only its own);
 * - a shape with findings is always scanned again, so a report names the elements of the page in hand.
 *
 * No axe rule reads the value of a number: a label, a role, a heading, a landmark, a colour or an element
 * that comes or goes changes the shape and gets a scan of its own.
 */

export interface CachedLayout<Violation> {
  viewport: string;
  violations: Violation[];
  unsettled: boolean;
}

const SHARED_FILE = process.env.WHOLESALE_E2E_DATA_DIR
  ? path.join(process.env.WHOLESALE_E2E_DATA_DIR, 'a11y-clean-shapes.txt')
  : undefined;

/** Shapes scanned clean, this worker's and (read again on a miss) the other workers'. */
const cleanShapes = new Set<string>();

function readShared(): void {
  if (!SHARED_FILE) return;
  let text: string;
  try {
    text = readFileSync(SHARED_FILE, 'utf8');
  } catch {
    return; // No worker has written one yet.
  }
  for (const line of text.split('\n')) if (line) cleanShapes.add(line);
}

/** The page's address (digits as '#'), layout size and shape fingerprint, as one key. */
export function shapeKey(address: string, viewport: string, fingerprint: string): string {
  // One line, as the shared file holds one key a line (an address and a title have no line break).
  return `${address.replace(/\d+/g, '#')} @ ${viewport} ${fingerprint}`;
}

/** Whether a document of this shape was scanned clean, in both layouts, before. */
export function scannedClean(key: string): boolean {
  if (cleanShapes.has(key)) return true;
  readShared();
  return cleanShapes.has(key);
}

/** Records a settled scan: a clean one is remembered (one line per shape, appended whole). */
export function remember<Violation>(key: string, layouts: ReadonlyArray<CachedLayout<Violation>>): void {
  const clean = layouts.every((layout) => layout.violations.length === 0 && !layout.unsettled);
  if (!clean || cleanShapes.has(key)) return;
  cleanShapes.add(key);
  // One short line per write: appends of both workers do not interleave.
  if (SHARED_FILE) appendFileSync(SHARED_FILE, `${key}\n`);
}

/**
 * FNV-1a of what axe reads: the body's elements with their attributes and its text, the title, the language
 * and the viewport meta tag, with every run of digits and React id outside class and style read as '#'. The
 * rest of <head> (which chunks were preloaded) is left out.
 */
export function shapeFingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    // React's useId ids (`_r_1g_`, base 32) change with the order things mounted in, as numbers do.
    const numbers = /_r_[0-9a-z]+_|\d+/g;
    const parts: string[] = [
      document.title.replace(numbers, '#'),
      document.documentElement.lang,
      document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
    ];
    // Opening and closing marks keep the nesting: a button inside a link is another shape than one beside it.
    const walk = (node: Node) => {
      if (node instanceof Element) {
        parts.push(`<${node.tagName}`);
        for (const { name, value } of node.attributes) {
          parts.push(
            ` ${name}=${name === 'class' || name === 'style' ? value : value.replace(numbers, '#')}`,
          );
        }
        parts.push('>');
        node.childNodes.forEach(walk);
        parts.push('</>');
      } else if (node.nodeType === Node.TEXT_NODE) {
        parts.push((node.nodeValue ?? '').replace(numbers, '#'));
      }
    };
    walk(document.body);
    const text = parts.join('');
    let hash = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
    return `${text.length}:${(hash >>> 0).toString(16)}`;
  });
}
