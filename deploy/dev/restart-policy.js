'use strict';
/*
 * When `npm start` restarts a service that died, and when it stops trying. Pure: the caller
 * passes the clock, so the rules read (and can be checked) without processes.
 */

const POLICY = {
  /** First wait before a restart; doubled after each crash that follows a short run. */
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  /** A run at least this long counts as healthy: the next crash waits initialDelayMs again. */
  healthyAfterMs: 10_000,
  /** This many crashes of one service within windowMs means it will not heal by itself. */
  maxCrashes: 5,
  windowMs: 60_000,
};

/** The exit code (EX_CONFIG) a service uses for a bad configuration: a restart cannot fix it. */
const CONFIG_ERROR_EXIT_CODE = 78;

class RestartPolicy {
  constructor(policy = POLICY) {
    this.policy = policy;
    /** Crash times inside the window, oldest first. */
    this.crashes = [];
    /** The delay used for the last restart; 0 before the first one. */
    this.lastDelayMs = 0;
  }

  /**
   * Records a crash and decides: `{ action: 'restart', delayMs }`, or `{ action: 'give-up', reason }`
   * when the exit code is the configuration error or crashes came too often.
   */
  onCrash({ code, signal, now, uptimeMs }) {
    const p = this.policy;
    this.crashes = this.crashes.filter((t) => now - t < p.windowMs);
    this.crashes.push(now);
    if (code === CONFIG_ERROR_EXIT_CODE) {
      return { action: 'give-up', reason: `stopped with a configuration error (exit code ${code}), which a restart cannot fix` };
    }
    if (this.crashes.length >= p.maxCrashes) {
      return {
        action: 'give-up',
        reason: `crashed ${this.crashes.length} times within ${p.windowMs / 1000} s (last: ${describe(code, signal)})`,
      };
    }
    const healthy = uptimeMs >= p.healthyAfterMs || this.lastDelayMs === 0;
    this.lastDelayMs = healthy ? p.initialDelayMs : Math.min(p.maxDelayMs, this.lastDelayMs * 2);
    return { action: 'restart', delayMs: this.lastDelayMs };
  }
}

/** How a process ended, as the supervisor's lines say it. */
function describe(code, signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

module.exports = { RestartPolicy, POLICY, CONFIG_ERROR_EXIT_CODE, describe };
