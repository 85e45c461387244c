import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
// With an extension: Vite's coming native config loader does not guess one (it warns today).
import { COMPRESSIBLE_FILE } from './src/server/http/precompressed-files.js';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const devPort = Number(process.env.VITE_PORT ?? 5000);
const apiPort = Number(process.env.API_PORT ?? 5001);

/**
 * sonner appends a <style> element at import time, which the server's CSP (`style-src 'self'`) blocks and
 * reports. We drop that call and load the same rules from sonner's own stylesheet (imported in main.tsx).
 * Failing loudly keeps a sonner upgrade that changes the injection from slipping through unnoticed.
 */
function removeSonnerStyleInjection(): Plugin {
  const injectionCall = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/g;
  return {
    name: 'remove-sonner-style-injection',
    enforce: 'pre',
    transform(code, id) {
      // Dev ids carry a version query (`index.mjs?v=1a2b`).
      const [path = ''] = id.split('?');
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(path)) return null;
      const calls = code.match(injectionCall)?.length ?? 0;
      if (calls !== 1) {
        throw new Error(
          `sonner: expected one __insertCSS call to remove, found ${calls}; check the CSP handling`,
        );
      }
      return { code: code.replace(injectionCall, ''), map: null };
    },
  };
}

/**
 * Brotli and gzip copies of every text file of the build (hashed assets, index.html, public files), at the
 * highest levels since it happens once per build; the server sends the copy a request accepts (ADR 0014,
 * plugins/client-app.ts). A copy that would not be smaller is not written, and the server then sends the
 * file itself. Build only: the plugin wraps process.stdout until its build ends, which a dev server never
 * does.
 */
const precompressText = () =>
  compression({
    include: COMPRESSIBLE_FILE,
    algorithms: ['brotliCompress', 'gzip'],
    skipIfLargerOrEqual: true,
  });

export default defineConfig(({ command }) => ({
  root: 'src/client',
  // .env files live at the project root, not next to index.html.
  envDir: projectRoot,
  plugins: [
    removeSonnerStyleInjection(),
    react(),
    tailwindcss(),
    ...(command === 'build' ? [precompressText()] : []),
  ],
  build: {
    // Every browser the portal supports preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Client source maps are not published (ADR 0014): none are written, and /assets/*.map is a 404.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change only on upgrades: their own chunk stays cached across deploys.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
  // Pre-bundled dependencies skip plugin transforms; keep sonner out so dev matches the CSP-safe build.
  optimizeDeps: { exclude: ['sonner'] },
  server: {
    port: devPort,
    // Fail instead of moving to the next free port: Playwright and the dev scripts expect this one.
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}` } },
  },
  preview: { port: devPort, strictPort: true },
}));
