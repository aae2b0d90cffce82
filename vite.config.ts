import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/vite-precompress.js';

const API_TARGET = process.env.VITE_API_TARGET || 'http://localhost:8080';

/** Matches one route module (a lazy import's target) by its path under src/client. */
const route = (file: string) => (id: string) => id.endsWith(`/src/client/${file}`);
/** Matches the entry modules of antd components (each brings its styles and rc-* parts along). */
const antd = (...components: string[]) =>
  new RegExp(`node_modules[\\\\/]antd[\\\\/]es[\\\\/](${components.join('|')})[\\\\/]index\\.js$`);
const KB = 1024;

/**
 * The console build: one index.html at the root, output in dist/client (served by the server). Every
 * page is a lazy route, heavy libraries are imported only by the pages that use them, and what a page
 * shows only after a click (dialogs, drawers, popovers) is loaded on first use (router/OnDemand.tsx), so
 * the natural chunking keeps Formily, the rich-text editor, charts and Excel code off the login route
 * (tests/e2e/shell.test.ts checks the chunks the sign-in page and the first list page load).
 *
 * Left to itself rolldown makes one chunk per set of lazy pages sharing a module (61 files for the
 * sign-in page, 166 for the first list page). These groups merge along the cold-load path instead
 * (tools/bench/coldload: sign-in page, then the first list page). A group takes what its test matches
 * and every static import of it that a group of higher priority has not taken:
 * - app: the entry's static graph;
 * - controls: the antd inputs and the Form the sign-in page shares with the signed-in pages (every antd
 *   Table needs the Form's code: its selection column's Radio.Group imports a helper from it);
 * - login: the rest of the sign-in page: its own code and a few icons and helpers (about 5 KB) that
 *   the signed-in pages share;
 * - kit: the antd parts of the signed-in layout and of lists (menus, tabs, tables, selects, cards);
 * - formily: Formily's core, which lists (query form) and dashboards (filters) share;
 * - layout: the signed-in layout, split by the pages sharing it (pieces under 20 KB of source merged)
 *   so that the public pages outside the layout (doctor card, phone forms) do not load the whole shell;
 * - list: the schema page and its list, split the same way but merging only pieces under 4 KB: the
 *   renderer's helpers are shared by dashboards, pickers and data pages, and a bigger merge put the
 *   whole list code on the dashboard for a helper of a few lines;
 * - inputs: the text and dictionary widgets (widgets/groups/inputs.ts), which every query form loads.
 * The sign-in page's groups come first: it must never wait for a signed-in group. Whatever else a page
 * loads (its widgets, dialogs and drawers) keeps rolldown's own chunks.
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
            { name: 'app', tags: ['$initial'], priority: 7 },
            {
              name: 'controls',
              test: antd('input', 'tooltip', 'checkbox', 'grid', 'row', 'col', 'space', 'form'),
              priority: 6,
            },
            { name: 'login', test: route('pages/login/LoginPage.tsx'), priority: 5 },
            {
              name: 'kit',
              test: antd(
                ...['layout', 'menu', 'dropdown', 'breadcrumb', 'tabs', 'badge', 'avatar', 'popover'],
                ...['table', 'pagination', 'select', 'empty', 'tag', 'card', 'typography'],
              ),
              priority: 4,
            },
            {
              name: 'formily',
              test: /node_modules[\\/]@formily[\\/](core|reactive|path|shared|validator)[\\/]/,
              priority: 3,
            },
            {
              name: 'layout',
              test: route('router/SignedInLayout.tsx'),
              priority: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 20 * KB,
            },
            {
              name: 'list',
              test: route('renderer/SchemaPage.tsx'),
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 4 * KB,
            },
            { name: 'inputs', test: route('widgets/groups/inputs.ts'), priority: 0.5 },
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
