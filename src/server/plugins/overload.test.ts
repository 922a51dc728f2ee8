import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedPerson } from '../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WAITING_PER_SLOT } from './load-shedding.ts';

/** A built web app of one page and one asset, as `npm run build` leaves in dist/web. */
function writeWebBuild(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-web-'));
  fs.mkdirSync(path.join(folder, 'assets'));
  fs.writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Spendguard</title>');
  fs.writeFileSync(path.join(folder, 'assets', 'app.js'), 'console.log("spendguard");');
  return folder;
}

/** A POST whose JSON body never finishes: no handler has it yet. */
function startUnfinishedBody(url: string): http.ClientRequest {
  const request = http.request(`${url}/api/integrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '1000' },
  });
  request.on('error', () => {});
  request.write('{"kind":');
  return request;
}

/** A signed-in file upload whose file never finishes: its handler streams it, holding a slot. */
function startUnfinishedUpload(url: string, token: string, integrationId: string): http.ClientRequest {
  const boundary = 'spendguard-unfinished';
  const request = http.request(`${url}/api/integrations/${integrationId}/files`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': '100000',
    },
  });
  request.on('error', () => {});
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cur.csv"\r\nContent-Type: text/csv\r\n\r\nidentity/LineItemId,`,
  );
  return request;
}

describe('when the API limit is used up', () => {
  let server: TestApp;
  let webDir = '';
  beforeAll(async () => {
    webDir = writeWebBuild();
    server = await createTestApp({
      queue: true,
      env: { API_RATE_LIMIT_PER_MINUTE: '3', WEB_DIST_DIR: webDir },
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('still answers the health probe and the web app, never 429', async () => {
    for (let index = 0; index < 3; index += 1) await server.app.inject({ url: '/api/users/me' });
    const limited = await server.app.inject({ url: '/api/users/me' });
    expect(limited.statusCode).toBe(429);

    const health = await server.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ database: { reachable: true } });
    const asset = await server.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('spendguard');
    expect((await server.app.inject({ url: '/dashboard' })).statusCode).toBe(200);
  });
});

describe('over the bound of API requests in flight', () => {
  let server: TestApp;
  let url = '';
  const held: http.ClientRequest[] = [];
  let token = '';
  let integrationId = '';
  beforeAll(async () => {
    server = await createTestApp({ queue: true, env: { API_MAX_IN_FLIGHT: '2' } });
    url = await server.app.listen({ host: '127.0.0.1', port: 0 });
    ({ token } = await signUpVerifiedPerson(server, { email: 'uploader@example.com' }));
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: bearer(token),
      payload: { kind: 'upload', name: 'Files' },
    });
    integrationId = created.json().id;
  });
  afterAll(async () => {
    for (const request of held) request.destroy();
    await server?.close();
  });

  it('lets a burst such as one page load wait for a slot instead of failing', async () => {
    const burst = await Promise.all(
      Array.from({ length: 2 + 2 * WAITING_PER_SLOT }, () => fetch(`${url}/api/users/me`)),
    );
    expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 401));
  });

  it('holds no slot for a body still arriving: idle bodies cannot turn everyone else away', async () => {
    const idle = Array.from({ length: 4 * (2 + 2 * WAITING_PER_SLOT) }, () => startUnfinishedBody(url));
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, () => fetch(`${url}/api/users/me`)));
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    } finally {
      for (const request of idle) request.destroy();
    }
  });

  it('answers 503 {Code, Message} with Retry-After at once, serves health, and admits work again when load falls', async () => {
    // Two uploads in flight and eight waiting for a slot (WAITING_PER_SLOT per slot) fill the server.
    for (let index = 0; index < 2 + 2 * WAITING_PER_SLOT; index += 1)
      held.push(startUnfinishedUpload(url, token, integrationId));
    // All have reached the server once another request is refused; until then some may still be connecting.
    let busy: Response | undefined;
    for (let attempt = 0; attempt < 50 && busy?.status !== 503; attempt += 1) {
      busy = await fetch(`${url}/api/users/me`, { signal: AbortSignal.timeout(2_000) }).catch(
        () => undefined,
      );
    }
    expect(busy?.status).toBe(503);
    expect(busy?.headers.get('retry-after')).toBe('1');
    expect(await busy?.json()).toEqual({
      Code: 'ServerBusy',
      Message: 'The server is busy. Try again in a second.',
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    for (const request of held.splice(0)) request.destroy();
    let after: Response | undefined;
    for (let attempt = 0; attempt < 50 && after?.status !== 401; attempt += 1) {
      after = await fetch(`${url}/api/users/me`);
    }
    expect(after?.status).toBe(401);
  });
});
