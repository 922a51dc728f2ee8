import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

export interface DemoServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitFor<T>(what: string, seconds: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${what} did not happen within ${seconds} s`);
}

/**
 * `src/server/main.ts` as `npm start` runs it, with the built-in AWS simulator: the demo account is
 * connected and synced on a fresh DATA_DIR (a few minutes), at once on one that already holds it.
 */
export async function startDemoServer(dataDir: string, env: Record<string, string>): Promise<DemoServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AWS_SIMULATOR: 'on',
      ANALYTICS_SINK: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the server answering /api/health', 300, async () =>
    (await fetch(`${url}/api/health`)).ok ? true : undefined,
  );
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A demo session once the demo integration has data, and the dashboard's month view for it. */
export async function demoDashboardRequest(url: string): Promise<{ path: string; authorization: string }> {
  const { token } = (await (await fetch(`${url}/api/demo-session`, { method: 'POST' })).json()) as {
    token: string;
  };
  const authorization = `Bearer ${token}`;
  // The first start syncs the demo account (minutes); the load starts once no sync is running.
  const fresh = await waitFor('the demo account sync', 900, async () => {
    const answer = await fetch(`${url}/api/integrations`, { headers: { authorization } });
    const list = (await answer.json()) as Array<{
      is_demo: boolean;
      state: string;
      fresh_through: string | null;
      latest_run: { state: string } | null;
    }>;
    const demo = list.find((integration) => integration.is_demo);
    const settled = demo?.state === 'ready' && demo.latest_run?.state === 'succeeded';
    return settled ? (demo.fresh_through ?? undefined) : undefined;
  });
  const me = (await (await fetch(`${url}/api/users/me`, { headers: { authorization } })).json()) as {
    user_id: string;
  };
  const query = new URLSearchParams({
    user_id: me.user_id,
    start_date: `${fresh.slice(0, 8)}01`,
    end_date: fresh,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
  });
  return { path: `/api/billing-data?${query}`, authorization };
}
