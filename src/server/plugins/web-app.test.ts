import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const script = `console.log(${JSON.stringify('spendguard '.repeat(400))});\n`;
const page = `<!doctype html><title>Spendguard</title><body>${'<p>dashboard</p>'.repeat(100)}</body>`;

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
});
