export {};

/**
 * Probes GET /api/health one request at a time for `seconds`, as an orchestrator would, in a process
 * of its own so the load generator's busy event loop does not add to the figures. Sends the latencies
 * (ms, sorted) and the failures to the parent.
 *
 *   fork('health-prober.ts', [url, seconds])
 */
const [url, seconds] = process.argv.slice(2);
const until = Date.now() + Number(seconds) * 1000;
const latencies: number[] = [];
let failures = 0;
while (Date.now() < until) {
  const started = performance.now();
  try {
    const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(15_000) });
    await answer.arrayBuffer();
    if (!answer.ok) failures += 1;
  } catch {
    failures += 1;
  }
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send?.({ latencies: latencies.sort((a, b) => a - b), failures }, () => process.exit(0));
