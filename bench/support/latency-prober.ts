export {};

/**
 * Asks one URL one request at a time, `intervalMs` apart, until the parent sends `stop`; then sends it
 * the latencies (ms, sorted), the failures and the statuses seen. A process of its own, so neither the
 * parent's work nor the other prober adds to its figures.
 *
 *   fork('latency-prober.ts', [url, intervalMs], { env: { PROBE_AUTHORIZATION } })
 */
const [url = '', intervalMs = '50'] = process.argv.slice(2);
const headers: Record<string, string> = process.env.PROBE_AUTHORIZATION
  ? { authorization: process.env.PROBE_AUTHORIZATION }
  : {};
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let failures = 0;
let stopped = false;
process.on('message', (message: { kind: string }) => {
  if (message.kind === 'stop') stopped = true;
});
process.on('disconnect', () => process.exit(0));
process.send?.({ kind: 'probing' });
while (!stopped) {
  const started = performance.now();
  try {
    const answer = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
    await answer.arrayBuffer();
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (!answer.ok) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, Number(intervalMs)));
}
process.send?.({ kind: 'probed', latencies: latencies.sort((a, b) => a - b), failures, statuses }, () =>
  process.exit(0),
);
