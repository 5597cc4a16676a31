import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs the built registry in a process of its own that does nothing else, and reports how often
 * it woke up (voluntary context switches: each wait for the next timer is one) and what a scrape
 * shows of the event-loop lag.
 */
function idleProcess(): { wakeupsPerSecond: number; lagSeries: string } {
  const registryModule = path.join(__dirname, '..', 'dist', 'registry.js');
  const script = `
    const { registry } = require(${JSON.stringify(registryModule)});
    setTimeout(() => {
      const before = process.resourceUsage().voluntaryContextSwitches;
      setTimeout(async () => {
        const wakeupsPerSecond = (process.resourceUsage().voluntaryContextSwitches - before) / 2;
        const lagSeries = await registry.getSingleMetricAsString('nodejs_eventloop_lag_p99_seconds');
        process.stdout.write(JSON.stringify({ wakeupsPerSecond, lagSeries }));
        process.exit(0);
      }, 2000);
    }, 500);`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('the runtime metrics of an idle service', () => {
  it('when nothing happens, then the process wakes about ten times a second, not a hundred, and still reports event-loop lag', () => {
    const { wakeupsPerSecond, lagSeries } = idleProcess();

    // prom-client's default sampling woke it ~100 times a second; at 100 ms it is ~10.
    expect(wakeupsPerSecond).toBeLessThan(30);
    expect(lagSeries).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});
