import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorker } from './sw-plugin.js';

// The client uses core from its TypeScript sources (geometry and drawing only; the rest is shaken off).
export default defineConfig({
  plugins: [react(), serviceWorker()],
  resolve: {
    alias: [
      { find: /^@ubongo\/core$/, replacement: fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
      // The shipped decks, for practice offline (a chunk of their own).
      { find: /^@ubongo\/core\/decks$/, replacement: fileURLToPath(new URL('../core/src/decks.ts', import.meta.url)) },
    ],
  },
  build: { target: 'es2022', sourcemap: 'hidden', chunkSizeWarningLimit: 600 },
  server: {
    // `npm run dev -w @ubongo/web` beside `npm start`: the game socket and API from the server.
    proxy: { '/api': 'http://localhost:2567', '/healthz': 'http://localhost:2567' },
  },
});
