import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ViteBuilder } from 'vite';

const repoRoot = import.meta.dirname;
const webOutDir = path.join(repoRoot, 'dist/web');
/** The build's server bundle, used once to render pages and then removed. */
const prerenderOutDir = path.join(repoRoot, 'dist/prerender');

/** Writes the gzip and Brotli twins of a built file the server sends to browsers that accept them. */
function writeCompressedTwins(file: string) {
  const content = fs.readFileSync(file);
  if (content.length < 1024) return;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/**
 * Writes a gzip and a Brotli twin next to each built script, style sheet and page, which the server
 * sends to browsers that accept them (`preCompressed` in plugins/web-app.ts): the dashboard's scripts
 * travel at about a quarter of their size, with no compression work per request.
 */
function precompressedTwins(): Plugin {
  return {
    name: 'spendguard-precompressed-twins',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (/\.(js|css|html|svg)$/.test(fileName))
          writeCompressedTwins(path.join(options.dir ?? '', fileName));
      }
    },
  };
}

/**
 * `vite build` builds the browser app, then a server bundle of src/web/prerender.tsx that renders the
 * static pages it lists into dist/web/prerendered/, with `pages.json` naming the file for each path;
 * the server sends them for those paths (plugins/web-app.ts). The landing page paints
 * before any script runs (decision 070).
 */
async function buildAndPrerender(builder: ViteBuilder) {
  const { client, ssr } = builder.environments;
  if (!client || !ssr) throw new Error('vite has no client or ssr environment to build');
  await builder.build(client);
  await builder.build(ssr);
  try {
    const entry = pathToFileURL(path.join(prerenderOutDir, 'prerender.js')).href;
    const { PRERENDERED_PATHS, renderDocument } = (await import(
      entry
    )) as typeof import('./src/web/prerender.tsx');
    const template = fs.readFileSync(path.join(webOutDir, 'index.html'), 'utf8');
    const pagesDir = path.join(webOutDir, 'prerendered');
    fs.mkdirSync(pagesDir, { recursive: true });
    const pages: Record<string, string> = {};
    for (const [index, pagePath] of PRERENDERED_PATHS.entries()) {
      const fileName = `prerendered/page-${index}.html`;
      fs.writeFileSync(path.join(webOutDir, fileName), await renderDocument(template, pagePath));
      writeCompressedTwins(path.join(webOutDir, fileName));
      pages[pagePath] = fileName;
    }
    fs.writeFileSync(path.join(pagesDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
  } finally {
    fs.rmSync(prerenderOutDir, { recursive: true, force: true });
  }
}

export default defineConfig({
  root: path.join(repoRoot, 'src/web'),
  publicDir: 'public',
  plugins: [react(), precompressedTwins()],
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  environments: {
    ssr: {
      build: {
        outDir: prerenderOutDir,
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { input: path.join(repoRoot, 'src/web/prerender.tsx') },
      },
    },
  },
  builder: { buildApp: buildAndPrerender },
  server: {
    port: 5173,
    // Blog posts live in content/ at the repository root.
    fs: { allow: [repoRoot] },
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
