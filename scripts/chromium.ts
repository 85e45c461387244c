/**
 * Debian's Chromium, as the end-to-end tests and `npm run bench:web` start it: test tools cannot download a
 * browser here, and these flags keep it from reaching the network or doing background work of its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
