/**
 * What one webhook attempt costs the worker besides the receiver's own time (decision 059): signing the
 * body, resolving and judging the target, a fresh connection pinned to the judged address (no pooling),
 * and reading the answer. Against a local receiver answering at once, so the numbers are our overhead.
 *
 *   node --import tsx bench/webhook-transport.ts [attempts=500]
 */
import { performance } from 'node:perf_hooks';
import { signatureHeaderValue } from '../src/server/modules/alerts/webhook-signature.ts';
import { postToWebhookTarget } from '../src/server/modules/alerts/webhook-transport.ts';
import { startWebhookReceiver } from '../src/server/testing/webhook-receiver.ts';

const attempts = Number(process.argv[2] ?? 500);
const body = JSON.stringify({ schema_version: 1, type: 'alert.fired', alert: { summary: 'x'.repeat(2000) } });
const policy = { allowPrivate: true, timeoutMs: 10_000 };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const receiver = await startWebhookReceiver();
try {
  for (const [label, url] of [
    ['IP literal', receiver.url('/bench')],
    ['hostname (DNS lookup each time)', `http://localhost:${receiver.port}/bench`],
  ] as const) {
    const times: number[] = [];
    for (let index = 0; index < attempts; index += 1) {
      const started = performance.now();
      const headers = {
        'content-type': 'application/json',
        'Spendguard-Signature': signatureHeaderValue(['whsec_bench'], Math.floor(Date.now() / 1000), body),
      };
      const answer = await postToWebhookTarget(url, body, headers, policy);
      if (answer.status !== 200)
        throw new Error(`attempt ${index} answered ${answer.status}: ${answer.error}`);
      times.push(performance.now() - started);
      receiver.received.length = 0;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: ${attempts} attempts, median ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms`,
    );
  }
} finally {
  await receiver.close();
}
