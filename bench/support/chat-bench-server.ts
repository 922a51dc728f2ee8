import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/server/config.ts';
import { createSupportStaffService } from '../../src/server/modules/chat/support-staff.service.ts';
import { startServer } from '../../src/server/server.ts';

/**
 * The server under test, in its own process so its memory is measured alone. It answers the parent
 * over IPC: its URL once listening, its memory after a full GC, and making a test account support staff.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-'));
const server = await startServer(
  parseConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    ANALYTICS_SINK: 'off',
    CHAT_CONNECT_RATE_LIMIT_PER_IP: '1000000',
  }),
);
const url = server.app.server.address();
const port = typeof url === 'object' && url ? url.port : 0;

type Command = { kind: 'memory' } | { kind: 'make-agent'; email: string } | { kind: 'stop' };

process.on('message', async (command: Command) => {
  if (command.kind === 'memory') {
    globalThis.gc?.();
    process.send?.({
      kind: 'memory',
      usage: process.memoryUsage(),
      connections: server.app.websocketServer.clients.size,
    });
  }
  if (command.kind === 'make-agent') {
    const { db } = server.context.database;
    await db.updateTable('user').set({ emailVerified: true }).where('email', '=', command.email).execute();
    await createSupportStaffService(db).grant(command.email);
    process.send?.({ kind: 'agent-ready' });
  }
  if (command.kind === 'stop') {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({
  kind: 'listening',
  url: `http://127.0.0.1:${port}`,
  database: server.context.database.kind,
});
