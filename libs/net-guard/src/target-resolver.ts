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
  /** How long a host's addresses serve later requests (0: every request looks it up). */
  cacheMs?: number;
  /** Replaces the lookup altogether (tests). */
  lookup?: HostLookup;
  /** The clock the cache reads (tests). */
  now?: () => number;
}

/** Bounds the cache if a process is shown very many hosts; a cleared cache only costs lookups. */
const MAX_CACHED_HOSTS = 10_000;

interface CachedAnswer {
  answer: Promise<ResolvedAddress[]>;
  expiresAt: number;
}

/** Resolves and checks the hosts of one request; each distinct host is looked up once, however many recipients name it. */
export type TargetSession = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Intake's DNS check of webhook hosts, bounded: getaddrinfo has no timeout and runs on libuv's
 * four threads, so one batch naming thousands of hosts (or a host whose DNS never answers)
 * could stall every request of the process. Lookups are capped per process, a request never
 * waits longer than the timeout for a host, and a session shares each host's answer.
 *
 * A host's addresses also serve the process's later requests for `cacheMs`, and requests that
 * name it while it is being looked up share that lookup. Without it a steady stream of events to
 * one endpoint made one getaddrinfo each, four at a time: with a resolver answering in 10 ms,
 * intake could not pass 400 events/s per process. The addresses are judged again on each use,
 * and this check is intake's early answer only: the worker resolves and checks again when it
 * connects. An empty answer, a failure or a timeout is not kept.
 */
export class TargetResolver {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private readonly lookup: HostLookup;
  private readonly cached = new Map<string, CachedAnswer>();
  private readonly now: () => number;

  constructor(
    readonly policy: AddressPolicy,
    private readonly options: TargetResolverOptions,
  ) {
    this.lookup = options.lookup ?? (options.servers?.length ? serverLookup(options.servers, options.timeoutMs) : systemLookup);
    this.now = options.now ?? Date.now;
  }

  session(): TargetSession {
    const answers = new Map<string, Promise<ResolvedAddress[]>>();
    return (hostname) => {
      let answer = answers.get(hostname);
      if (!answer) {
        answer = resolveAllowedAddresses(hostname, this.policy, (host) => this.shared(host));
        answers.set(hostname, answer);
      }
      return answer;
    };
  }

  private shared(host: string): Promise<ResolvedAddress[]> {
    const cacheMs = this.options.cacheMs ?? 0;
    const hit = this.cached.get(host);
    if (hit && hit.expiresAt > this.now()) return hit.answer;
    const answer = this.bounded(host);
    if (cacheMs <= 0) return answer;
    if (this.cached.size >= MAX_CACHED_HOSTS) this.cached.clear();
    const entry = { answer, expiresAt: this.now() + cacheMs };
    this.cached.set(host, entry);
    const forget = () => {
      if (this.cached.get(host) === entry) this.cached.delete(host);
    };
    answer.then((addresses) => addresses.length === 0 && forget(), forget);
    return answer;
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
