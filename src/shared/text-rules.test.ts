import { describe, expect, it } from 'vitest';
import {
  isMultiLineText,
  isOneLineText,
  multiLineProblem,
  oneLineProblem,
  TEXT_RULE_MESSAGES,
} from './text-rules';

const BIDI_CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const INVISIBLE = ['\u200b', '\u2060', '\ufeff', '\u00ad', '\u200c', '\u200d'];
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];
const OTHER = ['\ud800', '\udc00', '\ue000', '\u2028', '\u2029'];

describe('one-line text (docs/security.md#input-validation)', () => {
  it('accepts printable text of any script, emoji and punctuation', () => {
    for (const text of [
      'Mist Shop',
      'Müller & Söhne GmbH',
      '注文-42',
      'מיסט',
      'متجر',
      'Mist 😀',
      'A "Q3" 50%',
      '',
    ]) {
      expect(isOneLineText(text), text).toBe(true);
      expect(oneLineProblem(text)).toBeNull();
    }
  });

  it.each([
    ['a bidi control', BIDI_CONTROLS],
    ['an invisible format character', INVISIBLE],
    ['a control character', CONTROLS],
    ['a surrogate, private-use character or separator', OTHER],
  ])('refuses %s', (_kind, characters) => {
    for (const character of characters) {
      expect(isOneLineText(`Mist${character}Shop`), escape(character)).toBe(false);
    }
  });

  it('says "one line" for a line break and names the other characters otherwise', () => {
    expect(oneLineProblem('Mist\nShop')).toBe(TEXT_RULE_MESSAGES.lineBreak);
    expect(oneLineProblem('Mist\r\nShop')).toBe(TEXT_RULE_MESSAGES.lineBreak);
    expect(oneLineProblem('Mist\u2028Shop')).toBe(TEXT_RULE_MESSAGES.lineBreak);
    expect(oneLineProblem('Mist\tShop')).toBe(TEXT_RULE_MESSAGES.unprintable);
    expect(oneLineProblem('Mist\u202eShop')).toBe(TEXT_RULE_MESSAGES.unprintable);
    expect(oneLineProblem('Mist\u202eShop', { unprintable: 'no' })).toBe('no');
    expect(oneLineProblem('Mist\nShop', { lineBreak: 'Names must be on one line' })).toBe(
      'Names must be on one line',
    );
  });
});

describe('multi-line text', () => {
  it('keeps tab and line breaks, and the joiners emoji and some scripts need', () => {
    for (const text of ['Line one\r\nline two\n\tindented', 'family 👨‍👩‍👧', 'می‌خواهم', 'Mist 😀']) {
      expect(isMultiLineText(text), text).toBe(true);
      expect(multiLineProblem(text)).toBeNull();
    }
  });

  it('refuses bidi controls, other invisible characters and controls', () => {
    for (const character of [
      ...BIDI_CONTROLS,
      '\u200b',
      '\u2060',
      '\ufeff',
      '\u00ad',
      ...CONTROLS,
      ...OTHER,
      '\u000b',
    ]) {
      expect(isMultiLineText(`Leave it\n at${character} the back`), escape(character)).toBe(false);
    }
    expect(multiLineProblem('a\u202eb')).toBe(TEXT_RULE_MESSAGES.unprintable);
  });
});
