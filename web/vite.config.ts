/// <reference types="vitest" />
import { defineConfig } from 'vite';

// `npm run dev` serves the front end with hot reload and forwards /api to a running
// `carroccio serve` (default port 8080). `npm run build` writes web/dist for `serve --web`.
export default defineConfig({
  base: './',
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 400,
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
