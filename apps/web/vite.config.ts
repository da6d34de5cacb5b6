import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-tools/precompress';

// The SPA lives under /courier/ (spec section 1); in dev, /api is proxied to the API server.
export default defineConfig({
  base: '/courier/',
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 700 },
});
