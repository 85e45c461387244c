import { describe, expect, it } from 'vitest';
import { formatAmountOff } from '../../../../shared/money';
import { toPdfText } from './order-pdf';

describe('toPdfText (the standard fonts draw Windows-1252 only)', () => {
  it('keeps Latin-1 and the Windows-1252 extras', () => {
    expect(toPdfText('Café Müller – “Été” € 5 ½ — ™')).toBe('Café Müller – “Été” € 5 ½ — ™');
  });

  it("puts '?' for what the fonts lack: other scripts, emoji, controls and invisible format characters", () => {
    expect(toPdfText('東京 ✓ 😀')).toBe('?? ? ?');
    expect(toPdfText('PO\u202E12\u0007')).toBe('PO?12?');
  });

  it('composes decomposed accents before deciding', () => {
    expect(toPdfText('Cafe\u0301')).toBe('Café');
  });

  it('keeps line breaks only in text of several lines; tabs are spaces', () => {
    expect(toPdfText('a\r\nb\tc')).toBe('a b c');
    expect(toPdfText('a\r\nb\rc\n', { multiline: true })).toBe('a\nb\nc\n');
  });
});

describe('the minus sign of money in the PDF (docs/catalogue-and-pricing.md#money)', () => {
  it("draws the shared formatter's '-$31.20' as it is; U+2212 would be a '?'", () => {
    expect(toPdfText(formatAmountOff(3120))).toBe('-$31.20');
    expect(toPdfText('\u2212$31.20')).toBe('?$31.20');
  });
});
