/**
 * Prints one line of timings in milliseconds: the median (the lower of the middle two), the p90 (nearest
 * rank), min, max and every run in order.
 */
export function printTimings(label: string, values: number[]): void {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const p90 = sorted[Math.max(0, Math.ceil(sorted.length * 0.9) - 1)];
  console.log(
    `${label}: median ${median} ms, p90 ${p90} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms (${sorted.join(', ')})`,
  );
}
