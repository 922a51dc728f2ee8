import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    // Blog posts live in content/ at the repository root.
    fs: { allow: ['../..'] },
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
