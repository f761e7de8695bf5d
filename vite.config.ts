import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** In development Vite serves the app and hands the API and the hub to the server (npm run dev starts both). */
const api = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 8080}`;

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': api, '/notify': { target: api, ws: true } },
  },
  build: {
    // HAULBOARD_DIST_DIR lets two builds (e.g. parallel test runs) stay apart; the server reads the same variable.
    outDir: process.env.HAULBOARD_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
