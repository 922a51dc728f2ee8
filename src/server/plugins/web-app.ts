import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { normalizePath } from '../../domain/route-access.ts';

/**
 * The pages the build rendered to HTML (vite.config.ts writes `prerendered/pages.json`: path → file),
 * sent in place of the empty index.html for those paths so they paint before any script runs.
 */
function readPrerenderedPages(webDistDir: string): Map<string, string> {
  const manifest = path.join(webDistDir, 'prerendered', 'pages.json');
  if (!fs.existsSync(manifest)) return new Map();
  const pages = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, unknown>;
  return new Map(
    Object.entries(pages).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && fs.existsSync(path.join(webDistDir, entry[1])),
    ),
  );
}

/**
 * What the build or the public folder can hold. A path ending in one of these is a file request, and a
 * missing file answers 404; any other path is a browser route, even with dots in it (a confirmation
 * link's token is `<id>.<nonce>.<signature>`, decision 102).
 */
const FILE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.ico',
  '.webp',
  '.avif',
  '.woff',
  '.woff2',
  '.ttf',
  '.br',
  '.gz',
]);

const isFileRequest = (url: string) => FILE_EXTENSIONS.has(path.extname(url).toLowerCase());

/**
 * Serves the built SPA. Paths outside /api fall back to index.html so the browser router decides
 * (and redirects), or to the page the build rendered for that path; unknown /api paths answer a
 * JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const prerenderedPages = hasBuild ? readPrerenderedPages(webDistDir) : new Map<string, string>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins (vite.config.ts); browsers that accept them get those.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ Code: 'NotFound', Message: `No route ${request.method} ${url}.` });
    }
    if (isFileRequest(url)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    const page = prerenderedPages.get(normalizePath(url)) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
