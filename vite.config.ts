import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/vite-precompress.js';

const API_TARGET = process.env.VITE_API_TARGET || 'http://localhost:8080';

/** Matches one route module (a lazy import's target) by its path under src/client. */
const route = (file: string) => (id: string) => id.endsWith(`/src/client/${file}`);

/**
 * The console build: one index.html at the root, output in dist/client (served by the server). Every
 * page is a lazy route and heavy libraries are imported only by the pages that use them, so the
 * natural chunking keeps Formily, the rich-text editor, charts and Excel code off the login route
 * (tests/e2e/shell.test.ts checks the chunks the login page loads).
 *
 * Left to itself rolldown makes one chunk per set of lazy pages sharing a module (61 files for the
 * sign-in page, 166 for the first list page). These groups merge along the cold-load path instead. A
 * group takes a route and every static import that an earlier group has not taken: the entry's static
 * graph, then what the sign-in page adds (antd forms and inputs, which signed-in pages need as well),
 * then what the signed-in layout adds. The layout's part is split by the pages sharing it, merging
 * pieces under 10 KB of source, so the public pages outside the layout (doctor card, phone forms) do
 * not load the whole shell. Schema pages keep rolldown's chunks: merging them put Formily on the
 * dashboard and dozens of other pages.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  base: '/',
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@client': path.resolve(import.meta.dirname, 'src/client'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // entriesAware parts are named `layout~PageA~PageB…`; the file keeps the group name.
        chunkFileNames: (chunk) =>
          chunk.name.includes('~')
            ? `assets/${chunk.name.split('~')[0]}-[hash].js`
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'login', test: route('pages/login/LoginPage.tsx'), priority: 2 },
            {
              name: 'layout',
              test: route('router/SignedInLayout.tsx'),
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 10 * 1024,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/jeecg-boot': { target: API_TARGET, changeOrigin: true, ws: true },
      '/config.json': { target: API_TARGET, changeOrigin: true },
    },
  },
});
