import { Resolver } from 'node:dns/promises';
import type { AddressPolicy } from './address-policy';
import { TargetRefusedError, resolveAllowedAddresses, systemLookup, type HostLookup, type ResolvedAddress } from './resolve-target';

export interface TargetResolverOptions {
  /** How long one request waits for a host, its wait for a free lookup slot included. */
  timeoutMs: number;
  /** Lookups in flight per process; a lookup that timed out keeps its slot until it really ends. */
  concurrency: number;
  /** DNS servers (`ip` or `ip:port`) asked directly instead of the operating system's resolver. */
  servers?: string[];
  /** Replaces the lookup altogether (tests). */
  lookup?: HostLookup;
}

/** Resolves and checks the hosts of one request; each distinct host is looked up once, however many recipients name it. */
export type TargetSession = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Intake's DNS check of webhook hosts, bounded: getaddrinfo has no timeout and runs on libuv's
 * four threads, so one batch naming thousands of hosts (or a host whose DNS never answers)
 * could stall every request of the process. Lookups are capped per process, a request never
 * waits longer than the timeout for a host, and a session shares each host's answer.
 */
export class TargetResolver {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private readonly lookup: HostLookup;

  constructor(
    readonly policy: AddressPolicy,
    private readonly options: TargetResolverOptions,
  ) {
    this.lookup = options.lookup ?? (options.servers?.length ? serverLookup(options.servers, options.timeoutMs) : systemLookup);
  }

  session(): TargetSession {
    const answers = new Map<string, Promise<ResolvedAddress[]>>();
    return (hostname) => {
      let answer = answers.get(hostname);
      if (!answer) {
        answer = resolveAllowedAddresses(hostname, this.policy, (host) => this.bounded(host));
        answers.set(hostname, answer);
      }
      return answer;
    };
  }

  private bounded(host: string): Promise<ResolvedAddress[]> {
    const { timeoutMs } = this.options;
    return new Promise<ResolvedAddress[]>((resolve, reject) => {
      const waiter: Waiter = { timedOut: false, start: () => undefined };
      const timer = setTimeout(() => {
        waiter.timedOut = true;
        reject(new TargetRefusedError(`host ${host} did not resolve within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      waiter.start = () => {
        this.lookup(host)
          .then(resolve, reject) // no effect once the timeout has rejected
          .finally(() => {
            clearTimeout(timer);
            this.release();
          });
      };
      if (this.active < this.options.concurrency) {
        this.active++;
        waiter.start();
      } else this.waiting.push(waiter);
    });
  }

  /** Hands the slot to the next waiter still waiting (skipping those that timed out in the queue), or frees it. */
  private release(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      if (!next.timedOut) return next.start();
    }
    this.active--;
  }
}

interface Waiter {
  timedOut: boolean;
  start: () => void;
}

/** c-ares against the given servers: no libuv thread, and its own timeout, so nothing lingers. */
function serverLookup(servers: string[], timeoutMs: number): HostLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  resolver.setServers(servers);
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses: ResolvedAddress[] = [];
    if (v4.status === 'fulfilled') addresses.push(...v4.value.map((address) => ({ address, family: 4 as const })));
    if (v6.status === 'fulfilled') addresses.push(...v6.value.map((address) => ({ address, family: 6 as const })));
    return addresses;
  };
}
