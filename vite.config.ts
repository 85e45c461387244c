import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
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
 * shell.html, the template of a page with a shell (ADR 0016, server/plugins/client-shell.ts): index.html
 * with boot.ts as its script, which loads main.tsx's script and preloads (named in data attributes) once
 * the shell is on screen, and without the preloads themselves.
 */
function shellTemplate(): Plugin {
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const scriptPreload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  return {
    name: 'shell-template',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const boot = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/client/boot.ts'),
      );
      if (index?.type !== 'asset' || !boot) throw new Error('shell-template: index.html or boot.ts missing');
      const html = String(index.source);
      const app = entryScript.exec(html)?.[1];
      if (!app) throw new Error('shell-template: no entry script in index.html');
      const preloads = [...html.matchAll(scriptPreload)].map((match) => match[1]);
      const bootScript =
        `<script type="module" crossorigin src="/${boot.fileName}" data-app="${app}" ` +
        `data-preload="${preloads.join(' ')}"></script>`;
      this.emitFile({
        type: 'asset',
        fileName: 'shell.html',
        source: html.replace(scriptPreload, '').replace(entryScript, () => bootScript),
      });
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

/**
 * The page shells' renderer (ADR 0016, `npm run build:shells`): the client's pages built for Node into
 * dist/shells/, every package bundled in, so the server can render them at start-up with nothing else.
 */
const shellsBuild: UserConfig = {
  root: 'src/client',
  envDir: projectRoot,
  plugins: [removeSonnerStyleInjection(), react()],
  ssr: { noExternal: true },
  // React's production build only: the server runs the shells once, it needs no development checks.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: { outDir: '../../dist/shells', emptyOutDir: true, sourcemap: false },
};

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? shellsBuild
    : {
        root: 'src/client',
        // .env files live at the project root, not next to index.html.
        envDir: projectRoot,
        plugins: [
          removeSonnerStyleInjection(),
          react(),
          tailwindcss(),
          shellTemplate(),
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
            // The page, and boot.ts: the entry script of a page with a shell (shellTemplate above).
            input: {
              index: path.join(projectRoot, 'src/client/index.html'),
              boot: path.join(projectRoot, 'src/client/boot.ts'),
            },
            output: {
              codeSplitting: {
                // React and the router change only on upgrades: their own chunk stays cached across deploys.
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                    priority: 2,
                  },
                  // Everything else the app's entry imports, in one file: left to itself the bundler splits each
                  // module a lazy page shares into a file of its own, a dozen requests of half a kilobyte
                  // (ADR 0035). boot.ts stays alone: it must not import the app (its header says why).
                  {
                    name: 'app',
                    tags: ['$initial'],
                    test: (id: string) => !id.endsWith('/src/client/boot.ts'),
                    priority: 1,
                  },
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
      },
);
