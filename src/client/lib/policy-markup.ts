/**
 * The few markings a policy's text may carry (docs/admin.md#policies), read into blocks that React renders
 * as elements, never as HTML: whatever staff type shows as text (docs/security.md#output-encoding).
 *
 * - a blank line starts a new paragraph; a single line break stays a line break;
 * - `## Heading` (or `#`) is a section heading, `### Heading` a sub-heading;
 * - lines starting with `- ` (or `* `) are a bulleted list, `1. ` a numbered one; an indented line continues
 *   the item above;
 * - `**bold**`;
 * - `https://…` addresses and e-mail addresses become links (plain `http://` stays text).
 */

export type PolicyInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: PolicyInline[] }
  | { type: 'link'; href: string; text: string };

export type PolicyBlock =
  | { type: 'heading'; level: 2 | 3; content: PolicyInline[] }
  | { type: 'paragraph'; lines: PolicyInline[][] }
  | { type: 'list'; ordered: boolean; start: number; items: PolicyInline[][] };

const HEADING = /^(#{1,3})\s+(.*\S)\s*$/;
const BULLET = /^\s*[-*•]\s+(.*\S)\s*$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*\S)\s*$/;
const INDENTED = /^\s+\S/;

/** Reads a policy's text into blocks, in order. */
export function parsePolicyText(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  // Raw lines of the open paragraph or list items, parsed for inline markings when the block closes.
  let open:
    | { type: 'paragraph'; lines: string[] }
    | { type: 'list'; ordered: boolean; start: number; items: string[] }
    | null = null;

  const close = () => {
    if (open?.type === 'paragraph') blocks.push({ type: 'paragraph', lines: open.lines.map(parseInline) });
    if (open?.type === 'list') {
      blocks.push({
        type: 'list',
        ordered: open.ordered,
        start: open.start,
        items: open.items.map(parseInline),
      });
    }
    open = null;
  };

  for (const line of text.split(/\r\n?|\n/)) {
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      const level = heading[1]!.length === 3 ? 3 : 2;
      blocks.push({ type: 'heading', level, content: parseInline(heading[2]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = (bullet?.[1] ?? numbered?.[2])!;
      if (open?.type === 'list' && open.ordered === ordered) open.items.push(item);
      else {
        close();
        open = { type: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [item] };
      }
      continue;
    }
    if (open?.type === 'list' && INDENTED.test(line)) {
      const last = open.items.length - 1;
      open.items[last] = `${open.items[last]} ${line.trim()}`;
      continue;
    }
    if (open?.type === 'paragraph') open.lines.push(line.trim());
    else {
      close();
      open = { type: 'paragraph', lines: [line.trim()] };
    }
  }
  close();
  return blocks;
}

const BOLD = /\*\*(.+?)\*\*/g;
const URL_OR_EMAIL =
  /(https:\/\/[^\s<>"'`]+)|([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** Sentence punctuation right after an address belongs to the sentence, not the address. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** One line's `**bold**`, then the links in each piece. */
export function parseInline(line: string): PolicyInline[] {
  const result: PolicyInline[] = [];
  let from = 0;
  for (const match of line.matchAll(BOLD)) {
    result.push(...parseLinks(line.slice(from, match.index)));
    result.push({ type: 'strong', children: parseLinks(match[1]!) });
    from = match.index + match[0].length;
  }
  result.push(...parseLinks(line.slice(from)));
  return result;
}

function parseLinks(text: string): PolicyInline[] {
  const result: PolicyInline[] = [];
  let from = 0;
  const pushText = (value: string) => {
    if (value) result.push({ type: 'text', text: value });
  };
  for (const match of text.matchAll(URL_OR_EMAIL)) {
    const [, url, email] = match;
    let address = url ?? email!;
    if (url) {
      address = address.replace(TRAILING_PUNCTUATION, '');
      // A closing bracket is the sentence's unless the address opened one: "(see https://x.test/a)".
      if (address.endsWith(')') && !address.includes('(')) address = address.slice(0, -1);
    }
    pushText(text.slice(from, match.index));
    result.push({ type: 'link', href: url ? address : `mailto:${address}`, text: address });
    // Punctuation cut from the match's end stays text: the next piece starts right after the address.
    from = match.index + address.length;
  }
  pushText(text.slice(from));
  return mergeText(result);
}

/** Neighbouring text pieces as one. */
function mergeText(pieces: PolicyInline[]): PolicyInline[] {
  const merged: PolicyInline[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (piece.type === 'text' && last?.type === 'text') last.text += piece.text;
    else merged.push(piece.type === 'text' ? { ...piece } : piece);
  }
  return merged;
}
