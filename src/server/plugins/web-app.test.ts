import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const script = `console.log(${JSON.stringify('spendguard '.repeat(400))});\n`;
const page = `<!doctype html><title>Spendguard</title><body>${'<p>dashboard</p>'.repeat(100)}</body>`;
const landing = `<!doctype html><title>Spendguard</title><body><div id="root" data-prerendered="/">${'<h1>Do not get surprised</h1>'.repeat(100)}</div></body>`;

/** A build folder as vite.config.ts writes it: each file with its .br and .gz twins. */
function writeBuild(folder: string, file: string, content: string) {
  const target = path.join(folder, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(content));
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(content));
}

let server: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-web-build-'));
  writeBuild(webDir, 'index.html', page);
  writeBuild(webDir, 'assets/app-1234.js', script);
  writeBuild(webDir, 'prerendered/page-0.html', landing);
  // The manifest as the build writes it, plus an entry whose file is missing (never sent).
  fs.writeFileSync(
    path.join(webDir, 'prerendered/pages.json'),
    JSON.stringify({ '/': 'prerendered/page-0.html', '/about': 'prerendered/page-9.html' }),
  );
  server = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the Brotli twin of a script to a browser that accepts it, cached for good', async () => {
    const answer = await server.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
    expect(answer.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const answer = await server.app.inject({ url: '/assets/app-1234.js' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });

  it('sends the page of a browser route gzipped, never cached', async () => {
    const answer = await server.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(answer.rawPayload).toString()).toBe(page);
  });

  it('sends the page the build rendered for its path, compressed and never cached', async () => {
    for (const url of ['/', '/?ref=newsletter']) {
      const answer = await server.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(landing);
    }
  });

  it('sends the empty page for every other route, and for a rendered page whose file is missing', async () => {
    for (const url of ['/about', '/sign-in', '/dashboard']) {
      const answer = await server.app.inject({ url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(page);
    }
  });

  it('sends the page for a route whose last part holds dots, as a mailed confirmation link does', async () => {
    const token = '0b5e3d1c-8a2f-4f6e-9d7c-1a2b3c4d5e6f.aGVsbG8td29ybGQtbm9uY2Ux.c2lnbmF0dXJlLW9mLWxpbms';
    const answer = await server.app.inject({ url: `/actions/confirm/${token}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(page);
  });

  it('answers a missing script, style or image with 404, not the page', async () => {
    for (const url of ['/assets/gone-1234.js', '/assets/gone.css', '/favicon-missing.png']) {
      const answer = await server.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).toBe('Not found');
    }
  });
});
