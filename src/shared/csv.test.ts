import { describe, expect, it } from 'vitest';
import { buildCsv, neutraliseFormula, quoteCsvField, toCsvCell } from './csv';

describe('CSV cells (RFC 4180, docs/security.md#input-validation)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rReturn', "'\rReturn"],
    ['  =HYPERLINK("x")', `'  =HYPERLINK("x")`],
    ['Plain', 'Plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('neutralises %j as %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it('quotes only the fields that need it, doubling their quotes', () => {
    expect(quoteCsvField('plain text')).toBe('plain text');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('two\nlines')).toBe('"two\nlines"');
    expect(quoteCsvField('cr\r')).toBe('"cr\r"');
  });

  it('neutralises before quoting, and writes nothing for a missing value', () => {
    expect(toCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(toCsvCell(null)).toBe('');
    expect(toCsvCell(3)).toBe('3');
  });

  it('writes a byte-order mark, the header and one CRLF-ended line per row', () => {
    expect(
      buildCsv(
        ['Week', 'Orders'],
        [
          ['2031-03-03', 4],
          ['a,b', null],
        ],
      ),
    ).toBe('\uFEFFWeek,Orders\r\n2031-03-03,4\r\n"a,b",\r\n');
  });
});
