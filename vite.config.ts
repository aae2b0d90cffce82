import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './tools/vite-precompress.js';

const API_TARGET = process.env.VITE_API_TARGET || 'http://localhost:8080';

/**
 * The console build: one index.html at the root, output in dist/client (served by the server). Every
 * page is a lazy route and heavy libraries are imported only by the pages that use them, so the
 * natural chunking keeps Formily, the rich-text editor, charts and Excel code off the login route
 * (tests/e2e/shell.test.ts checks the chunks the login page loads). Manual chunk groups are avoided:
 * rolldown pulls a group's dependencies (React, antd) into it, which would drag it onto every page.
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
  },
  server: {
    proxy: {
      '/jeecg-boot': { target: API_TARGET, changeOrigin: true, ws: true },
      '/config.json': { target: API_TARGET, changeOrigin: true },
    },
  },
});
