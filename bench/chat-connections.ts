/**
 * 1,000 concurrent chat connections on loopback (issue 8): 999 visitors and one support agent who hears
 * every conversation. Each visitor sends a message every SEND_INTERVAL_MS for DURATION_S seconds; every
 * message is delivered twice (the echo to its visitor, and the agent's copy). Prints frames per second,
 * delivery latency percentiles, and the server's memory per open connection.
 *
 *   npm run bench:chat                      # embedded PGlite, in-process fan-out
 *   BENCH_DATABASE_URL=postgres://… npm run bench:chat   # PostgreSQL, LISTEN/NOTIFY fan-out
 */
import { type ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 1000);
const SEND_INTERVAL_MS = Number(process.env.SEND_INTERVAL_MS ?? 2000);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const OPEN_CONCURRENCY = 50;

type Reply = { kind: string; [key: string]: unknown };

function ask(child: ChildProcess, message: object, answer: string): Promise<Reply> {
  return new Promise((resolve) => {
    const listen = (reply: Reply) => {
      if (reply.kind !== answer) return;
      child.off('message', listen);
      resolve(reply);
    };
    child.on('message', listen);
    child.send(message);
  });
}

async function inBatches<T>(count: number, size: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => task(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

function openSocket(url: string, onFrame: (frame: unknown) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('message', (data) => onFrame(JSON.parse(data.toString())));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused: ${response.statusCode}`)),
    );
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main() {
  const child = fork(new URL('./support/chat-bench-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: process.env,
  });
  // The server never outlives the benchmark.
  process.on('exit', () => child.kill());
  const started = (await new Promise((resolve) => child.once('message', resolve))) as Reply;
  const baseUrl = started.url as string;
  const wsBase = baseUrl.replace(/^http/, 'ws');
  console.log(`server on ${baseUrl} (${started.database}); ${CONNECTIONS} connections`);

  const agentEmail = 'bench-agent@spendguard.test';
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Agent', email: agentEmail, password: 'Correct-Horse-42' }),
  });
  if (!signUp.ok) throw new Error(`agent sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const agentToken = ((await signUp.json()) as { token: string }).token;
  await ask(child, { kind: 'make-agent', email: agentEmail }, 'agent-ready');

  const visitors = CONNECTIONS - 1;
  const tokens = await inBatches(visitors, OPEN_CONCURRENCY, async () => {
    const answer = await fetch(`${baseUrl}/api/chat-token`);
    return ((await answer.json()) as { token: string }).token;
  });

  const before = (await ask(child, { kind: 'memory' }, 'memory')).usage as NodeJS.MemoryUsage;
  const latencies: number[] = [];
  let framesReceived = 0;
  let measuring = false;
  let introductions = 0;
  const onFrame = (frame: unknown) => {
    if (!Array.isArray(frame)) return;
    if (!measuring) {
      introductions += frame.length;
      return;
    }
    framesReceived += 1;
    for (const message of frame as Array<{ comment: string }>) {
      const sentAt = Number(message.comment.split(' ')[2]);
      if (Number.isFinite(sentAt)) latencies.push(performance.now() - sentAt);
    }
  };
  const agent = await openSocket(
    `${wsBase}/api/chat?inbox=1&token=${encodeURIComponent(agentToken)}`,
    onFrame,
  );
  const sockets = await inBatches(visitors, OPEN_CONCURRENCY, (index) =>
    openSocket(`${wsBase}/api/chat?chatToken=${encodeURIComponent(tokens[index] ?? '')}`, onFrame),
  );
  const after = (await ask(child, { kind: 'memory' }, 'memory')) as Reply & {
    usage: NodeJS.MemoryUsage;
    connections: number;
  };
  console.log(`open connections on the server: ${after.connections}`);

  // A visitor's first message is its e-mail address (spec §4); it opens the conversation. Wait for every
  // echo and agent copy before measuring, so the set-up does not count as delivery latency.
  const introducedAt = performance.now();
  for (const [index, socket] of sockets.entries()) {
    socket.send(JSON.stringify({ message: `visitor${index}@bench.example` }));
  }
  while (introductions < visitors * 2) await new Promise((resolve) => setTimeout(resolve, 100));
  const introductionS = (performance.now() - introducedAt) / 1000;
  console.log(
    `${visitors} conversations opened (first message, echo and agent copy) in ${introductionS.toFixed(1)} s`,
  );

  measuring = true;
  const startedAt = performance.now();
  let sent = 0;
  const timers = sockets.map((socket, index) => {
    let sequence = 0;
    const send = () => {
      socket.send(JSON.stringify({ message: `bench ${index}-${sequence++} ${performance.now()}` }));
      sent += 1;
    };
    const first = setTimeout(
      () => {
        send();
        timers[index] = setInterval(send, SEND_INTERVAL_MS);
      },
      (index / sockets.length) * SEND_INTERVAL_MS,
    );
    return first;
  });
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  for (const timer of timers) clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  measuring = false;
  const elapsedS = (performance.now() - startedAt) / 1000;

  const sorted = latencies.sort((a, b) => a - b);
  const expected = sent * 2;
  // The JS heap holds what a connection costs (socket, session, timers). `external` is left out: it
  // includes PGlite's WebAssembly memory, which grows and shrinks with the database's own work.
  const heapPerConnection = (after.usage.heapUsed - before.heapUsed) / CONNECTIONS;
  const rssPerConnection = (after.usage.rss - before.rss) / CONNECTIONS;
  console.log(
    `messages sent: ${sent} (${(sent / DURATION_S).toFixed(0)}/s), frames delivered: ${framesReceived} of ${expected} expected`,
  );
  console.log(`frames per second delivered: ${(framesReceived / elapsedS).toFixed(0)}`);
  console.log(
    `delivery latency: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms`,
  );
  console.log(
    `server memory per connection: ${(heapPerConnection / 1024).toFixed(1)} KiB JS heap, ${(rssPerConnection / 1024).toFixed(1)} KiB RSS (RSS ${mib(before.rss)} → ${mib(after.usage.rss)})`,
  );

  agent.close();
  for (const socket of sockets) socket.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ kind: 'stop' });
  await exited;
}

await main().catch((error) => {
  console.error(error);
  process.exit(1);
});
