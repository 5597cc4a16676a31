import { loadConfig, runService, StartupError, type Config } from '@herald/config';
import { createLogger, type Logger } from '@herald/logger';
import { startOpsServer, type ProcessHealth } from '@herald/metrics';
import { startTracing, stopTracing } from '@herald/telemetry';
import { applyHeapPolicy } from './heap-policy';

export { HttpDrain } from './http-drain';
export { applyHeapPolicy } from './heap-policy';
export { consumerHealth, type ConsumerHealth } from './consumer-health';
export { ConcurrencyGate } from './concurrency-gate';

export interface RunningService {
  /** Stops taking work, finishes (or returns) what is in flight, closes connections. */
  stop(): Promise<void>;
  /** Liveness, readiness and scrape-time gauges, served on OPS_PORT. */
  health?: ProcessHealth;
}

/**
 * The composition root every service shares: config (a bad value stops the process with one
 * line) -> heap policy -> logger -> start; the first SIGTERM or SIGINT stops the service, so
 * in-flight work finishes or goes back to its queue, then the process exits. Every service makes the same
 * promise to its orchestrator: it is gone within SHUTDOWN_TIMEOUT_MS of the signal, even if a
 * request or a provider call hangs (unacknowledged messages then return to their queue).
 */
export function serve(service: string, start: (config: Config, logger: Logger) => Promise<RunningService>): void {
  void runService(async () => {
    const config = loadConfig();
    applyHeapPolicy(config.HEAP_GROWTH_PERCENT);
    const logger = createLogger(service, config.LOG_LEVEL);
    startTracing(service, config.OTEL_EXPORTER_OTLP_ENDPOINT);
    const running = await start(config, logger);
    const ops = await startOpsServer({
      port: config.OPS_PORT,
      host: config.OPS_HOST,
      health: running.health ?? {},
      onScrapeError: (hook, err) => logger.warn('metrics refresh failed', { hook, error: err.message }),
    }).catch(async (err: NodeJS.ErrnoException) => {
      await running.stop().catch(() => undefined);
      throw new StartupError(`OPS_PORT ${config.OPS_PORT}: ${err.code === 'EADDRINUSE' ? 'already in use' : err.message}`);
    });
    logger.info(`${service} started`, { ops_port: ops.port });
    let stopping = false;
    // Ctrl-C reaches every process of the group and `npm start` forwards a SIGTERM as well:
    // the first signal starts the drain, later ones must not stop the service a second time.
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info('stopping: finishing in-flight work', { signal, deadline_ms: config.SHUTDOWN_TIMEOUT_MS });
      exitAtDeadline(logger, config.SHUTDOWN_TIMEOUT_MS);
      running
        .stop()
        .then(() => stopTracing())
        .then(
          () => process.exit(0),
          (err: Error) => {
            logger.error('stop failed', { error: err.message });
            process.exit(1);
          },
        );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
}

/** Unref'd: it never keeps a process alive that has finished draining by itself. */
function exitAtDeadline(logger: Logger, ms: number): void {
  setTimeout(() => {
    logger.error('stop deadline passed: exiting with work still in flight', { shutdown_timeout_ms: ms });
    process.exit(1);
  }, ms).unref();
}
