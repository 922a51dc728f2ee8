import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const repoRoot = import.meta.dirname;

/**
 * Writes a gzip and a Brotli twin next to each built script, style sheet and page, which the server
 * sends to browsers that accept them (`preCompressed` in plugins/web-app.ts): the dashboard's scripts
 * travel at about a quarter of their size, with no compression work per request (issue 18).
 */
function precompressedTwins(): Plugin {
  return {
    name: 'spendguard-precompressed-twins',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(options.dir ?? '', fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: path.join(repoRoot, 'src/web'),
  publicDir: 'public',
  plugins: [react(), precompressedTwins()],
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
