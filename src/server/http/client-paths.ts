/** The path of a request URL, without its query string (still percent-encoded). */
export function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The build's hashed files (and anything else asked for under their folder). */
export const HASHED_FILES_PREFIX = '/assets/';

export function isHashedFilePath(pathname: string): boolean {
  return pathname.startsWith(HASHED_FILES_PREFIX);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A last path segment that ends in an extension starting with a letter: `robots.txt`, `x.js.map`. */
const FILE_NAME = /\/[^/]*\.[A-Za-z][A-Za-z0-9]{0,15}$/;

/**
 * True when the path asks for a file rather than a page of the client app: anything under /assets/ (the
 * build's hashed files and their source maps), or a last segment with a file extension (`/robots.txt`,
 * `/favicon.ico`). A file that is not there is a 404, never the app's index.html (ADR 0014): a browser
 * would otherwise run the HTML as a script or keep it as a stylesheet. The app's own routes (`/orders/12`,
 * `/auth/verify`) have no extension.
 */
export function isFilePath(pathname: string): boolean {
  return pathname === '/assets' || isHashedFilePath(pathname) || FILE_NAME.test(pathname);
}
