import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_SETTINGS, buildTheme } from './src/theme/themes';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** In development Vite serves the app and hands the API and the hub to the server (npm run dev starts both). */
const api = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 8080}`;

/** The installed app's colours are the default theme's (the top bar and the page behind it). */
const { palette } = buildTheme(DEFAULT_SETTINGS);

/** Paths the service worker must never answer: the API, the hub and the bills of lading's pages go to the network. */
const SERVER_ONLY = [/^\/api(\/|$)/, /^\/notify(\/|$)/, /^\/bol(\/|$)/, /^\/track(\/|$)/];

export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
    // The installable app (docs/product/shell.md#installable): manifest and service worker. The worker is registered by
    // the signed-in layout (src/pwa/serviceWorker.ts), not by a script in index.html, so the sign-in page stays lean.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      scope: '/app/',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['logo.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/app/',
        name: 'Haulboard',
        short_name: 'Haulboard',
        description: 'Dispatch, fleet and finance in one place',
        start_url: '/app/',
        scope: '/app/',
        display: 'standalone',
        theme_color: palette.background.paper,
        background_color: palette.background.default,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Precache only what starts the app (the icons and logo come from includeAssets and the manifest); the screens'
        // chunks are cached when first used (below). Precaching every chunk would download the whole app after sign-in.
        globPatterns: ['index.html', 'assets/index-*.{js,css}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SERVER_ONLY,
        runtimeCaching: [
          {
            // Hashed file names never change content: cache first. Only /app/assets/, so never the API or the hub.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/app/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'haulboard-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
        ],
        importScripts: ['push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    // Polyfill packages node-polyglot requires, for built-ins every supported browser has (src/shims/): a smaller,
    // quicker i18n chunk. Exact names only; other entry points of those packages are left alone.
    alias: [
      {
        find: /^object\.entries$/,
        replacement: fileURLToPath(new URL('./src/shims/objectEntries.cjs', import.meta.url)),
      },
      { find: /^hasown$/, replacement: fileURLToPath(new URL('./src/shims/hasOwn.cjs', import.meta.url)) },
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': api, '/bol': api, '/track': api, '/notify': { target: api, ws: true } },
  },
  build: {
    // HAULBOARD_DIST_DIR lets two builds (e.g. parallel test runs) stay apart; the server reads the same variable.
    outDir: process.env.HAULBOARD_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // .vite/manifest.json: which chunks each module brought, so tests can tell that Firebase was never loaded.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks. Split only by which screens share a module, a list screen started from ~110 files of
        // 1–3 kB each, in three waves (the entry, the shell, the screen): on HTTP/1.1's six connections the requests,
        // not the bytes, were the wait. Two groups (bench/web.ts measures the effect):
        codeSplitting: {
          groups: [
            // What the first page runs (the entry's static imports, the sign-in form among them) stays in the
            // entry: one file for /login, and none of it pulled into the group below.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // What at least ten screens use (react-admin, MUI's inputs and tables, the record lists and forms of
            // ui/ and schema/) comes in one chunk with the signed-in shell, in the same wave as the shell's own code;
            // a screen then brings only its own. Fewer sharers keep their own chunks (charts, PDF, the hub client).
            { name: 'shared', minShareCount: 10, priority: 1 },
          ],
        },
      },
    },
  },
});
