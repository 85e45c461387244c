import { describe, expect, it } from 'vitest';
import { chooseContentCoding, type ContentCoding } from './accept-encoding';

const both: ContentCoding[] = ['br', 'gzip'];

describe('chooseContentCoding', () => {
  it('prefers br, then gzip, as browsers offer them', () => {
    expect(chooseContentCoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseContentCoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseContentCoding('GZIP', both)).toBe('gzip');
  });

  it('sends the plain bytes without a header, for identity, or when nothing offered is accepted', () => {
    expect(chooseContentCoding(undefined, both)).toBeNull();
    expect(chooseContentCoding('', both)).toBeNull();
    expect(chooseContentCoding('identity', both)).toBeNull();
    expect(chooseContentCoding('deflate, zstd', both)).toBeNull();
  });

  it('honours quality values: q=0 refuses, a higher q wins over the server order', () => {
    expect(chooseContentCoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseContentCoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(chooseContentCoding('br ; q=1.0 , gzip;q=1', both)).toBe('br');
    expect(chooseContentCoding('gzip;q=0, br;q=0', both)).toBeNull();
    expect(chooseContentCoding('br;q=nonsense, gzip', both)).toBe('gzip');
  });

  it('reads * as every coding the header does not name', () => {
    expect(chooseContentCoding('*', both)).toBe('br');
    expect(chooseContentCoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseContentCoding('*;q=0', both)).toBeNull();
  });

  it('only offers what exists', () => {
    expect(chooseContentCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseContentCoding('br', [])).toBeNull();
  });
});
