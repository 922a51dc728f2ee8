import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = import.meta.dirname;

export default defineConfig({
  root: path.join(repoRoot, 'src/web'),
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    // Blog posts live in content/ at the repository root.
    fs: { allow: [repoRoot] },
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
