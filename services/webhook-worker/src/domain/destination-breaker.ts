/** How many failures in a row open a destination's circuit, and for how long it stays open. */
export interface BreakerSettings {
  /** Consecutive failures that open the circuit; 0 turns the breaker off. */
  failures: number;
  /** The first open period; each failed probe doubles it, up to `maxOpenMs`. */
  openMs: number;
  maxOpenMs: number;
}

interface Circuit {
  failures: number;
  /** 0 while closed; else when the next probe may go. */
  openUntil: number;
  openMs: number;
  probing: boolean;
}

export type Admission = { kind: 'send' } | { kind: 'refuse'; failures: number; openUntil: number };

/** Circuits with failures are kept; a flood of distinct failing destinations cannot grow memory past this. */
const MAX_CIRCUITS = 10_000;

/**
 * A circuit breaker per destination (one project's webhook origin) in this worker process. After
 * `failures` sends in a row that timed out, could not connect or got a 5xx, the destination is
 * not tried for `openMs`: its deliveries fail at once as retryable ("circuit open"), so they keep
 * their backoff schedule and budget exactly as if they had been tried, but hold no send slot for a
 * timeout's length and add no load to a receiver that is down. Then one delivery probes: a
 * success closes the circuit, a failure opens it again for twice as long.
 *
 * Per project and origin, never per origin alone: a project cannot make another project's
 * deliveries to a shared receiver fail fast by failing its own there.
 */
export class DestinationBreaker {
  private readonly circuits = new Map<string, Circuit>();

  constructor(
    private readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.settings.failures > 0;
  }

  /** Circuits open now (a gauge): destinations this process is not trying. */
  openCount(): number {
    const now = this.now();
    let open = 0;
    for (const circuit of this.circuits.values()) if (circuit.openUntil > now || circuit.probing) open += 1;
    return open;
  }

  admit(destination: string): Admission {
    const circuit = this.circuits.get(destination);
    if (!this.enabled || !circuit || circuit.openUntil === 0) return { kind: 'send' };
    if (this.now() < circuit.openUntil || circuit.probing)
      return { kind: 'refuse', failures: circuit.failures, openUntil: circuit.openUntil };
    circuit.probing = true;
    return { kind: 'send' };
  }

  /** The send's result; 'opened' when this failure opened (or reopened) the circuit. */
  record(destination: string, failed: boolean): 'opened' | 'closed' | undefined {
    if (!this.enabled) return undefined;
    const circuit = this.circuits.get(destination);
    if (!failed) {
      if (!circuit) return undefined;
      this.circuits.delete(destination);
      return circuit.openUntil === 0 ? undefined : 'closed';
    }
    if (!circuit) {
      if (this.circuits.size >= MAX_CIRCUITS) this.circuits.delete(this.circuits.keys().next().value as string);
      this.circuits.set(destination, { failures: 1, openUntil: 0, openMs: this.settings.openMs, probing: false });
      return this.open(destination);
    }
    circuit.failures += 1;
    if (circuit.probing) {
      circuit.probing = false;
      circuit.openMs = Math.min(circuit.openMs * 2, this.settings.maxOpenMs);
      circuit.openUntil = this.now() + circuit.openMs;
      return 'opened';
    }
    return this.open(destination);
  }

  private open(destination: string): 'opened' | undefined {
    const circuit = this.circuits.get(destination)!;
    // A send that was in flight when the circuit opened may fail after it: it does not extend it.
    if (circuit.openUntil !== 0 || circuit.failures < this.settings.failures) return undefined;
    circuit.openUntil = this.now() + circuit.openMs;
    return 'opened';
  }
}
