import { AddressPolicy } from './address-policy';
import { TargetResolver } from './target-resolver';

/** The environment's settings for checking webhook hosts (a slice of `@herald/config`'s Config, so this lib does not depend on it). */
export interface WebhookTargetSettings {
  SSRF_ALLOW_CIDRS: string[];
  WEBHOOK_DNS_TIMEOUT_MS: number;
  WEBHOOK_DNS_CONCURRENCY: number;
  WEBHOOK_DNS_SERVERS: string[];
}

/**
 * How long intake reuses a webhook host's addresses. Short against DNS TTLs (usually 60-300 s),
 * and the worker's own check at connect time decides where a delivery goes.
 */
export const WEBHOOK_HOST_CACHE_MS = 30_000;

/** The resolver intake checks webhook hosts with, built one way wherever events are accepted (api, scheduler). */
export function webhookTargetResolver(settings: WebhookTargetSettings): TargetResolver {
  return new TargetResolver(new AddressPolicy(settings.SSRF_ALLOW_CIDRS), {
    timeoutMs: settings.WEBHOOK_DNS_TIMEOUT_MS,
    concurrency: settings.WEBHOOK_DNS_CONCURRENCY,
    servers: settings.WEBHOOK_DNS_SERVERS,
    cacheMs: WEBHOOK_HOST_CACHE_MS,
  });
}
