/**
 * bench/launch-alerts.ts, part 3: what LAUNCH_EVENT_POLLERS_PER_NODE costs when there is nothing to poll.
 * Each poller is a pg-boss worker of the poll queue; one without an integration asks for a job every
 * 2 s. The app (pg-boss workers, no integration) runs idle for a while with each setting in turn, and
 * the process's CPU time over that while is printed.
 *
 *   node --import tsx bench/support/launch-pollers-idle.ts [settings=8,50,200] [seconds=30]
 */
import {
  databaseLabel,
  loadAverage,
  sleep,
  startBenchApp,
  startRealTimeSimulator,
} from './launch-bench-world.ts';

const SETTINGS = (process.argv[2] ?? '8,50,200').split(',').map(Number);
const SECONDS = Number(process.argv[3] ?? 30);

const simulator = await startRealTimeSimulator();
try {
  for (const pollers of SETTINGS) {
    const server = await startBenchApp(simulator, { LAUNCH_EVENT_POLLERS_PER_NODE: String(pollers) });
    try {
      await sleep(10_000); // the workers' start and the schedule's first minute settle
      const before = process.cpuUsage();
      await sleep(SECONDS * 1000);
      const used = process.cpuUsage(before);
      const share = ((used.user + used.system) / 1000 / (SECONDS * 1000)) * 100;
      console.log(
        `${databaseLabel()}, LAUNCH_EVENT_POLLERS_PER_NODE=${pollers}, idle: ${share.toFixed(1)}% of one core over ${SECONDS} s (load average ${loadAverage()})`,
      );
    } finally {
      await server.close();
    }
  }
} finally {
  await simulator.close();
}
