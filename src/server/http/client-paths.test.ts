import { describe, expect, it } from 'vitest';
import { isApiPath, isFilePath, pathnameOf } from './client-paths';

describe('client paths', () => {
  it('takes the query string off', () => {
    expect(pathnameOf('/auth/verify?token=abc.def')).toBe('/auth/verify');
    expect(pathnameOf('/orders/12')).toBe('/orders/12');
  });

  it('tells API paths apart', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/orders')).toBe(true);
    expect(isApiPath('/apis')).toBe(false);
  });

  it('sees files under /assets/ and last segments with an extension', () => {
    for (const path of [
      '/assets/index-abc.js',
      '/assets/index-abc.js.map',
      '/assets/',
      '/assets',
      '/assets/missing',
      '/robots.txt',
      '/favicon.ico',
      '/some/deep/file.webmanifest',
      '/index.html',
    ]) {
      expect(isFilePath(path), path).toBe(true);
    }
  });

  it('leaves the app routes to the client router', () => {
    for (const path of [
      '/',
      '/orders',
      '/orders/12',
      '/auth/verify',
      '/admin',
      '/Admin/Login',
      '/v1.2',
      '/x.',
    ]) {
      expect(isFilePath(path), path).toBe(false);
    }
  });
});
