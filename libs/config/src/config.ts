import { isIP } from 'node:net';
import { z } from 'zod';
import { CHANNELS, DELIVERY_BATCH_MAX_ITEMS, EVENT_BATCH_MAX_ITEMS, type Channel } from '@herald/contracts';
import { ConfigError } from './config-error';
import { redactUrl } from './redact-url';
import { resolveSecretsKey, resolveUnsubscribeKey } from './secrets-key';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

const cidrList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );

/** `10.0.0.0/8`, `2001:db8::/32` or one address: what Express's `trust proxy` takes as a list. */
const isCidr = (s: string) => {
  const [address, prefix, ...rest] = s.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};
const trustedCidrs = cidrList.refine((list) => list.every(isCidr), 'expected CIDRs such as 10.0.0.0/8 or 2001:db8::/32, comma-separated');

/** Set but empty (`VAR=` in compose files and shells) counts as unset. */
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankIsUnset, schema.optional());
const awsRegion = z.string().regex(/^[a-z0-9-]+$/);

/** A DNS name: dot-separated labels of letters, digits and inner hyphens (RFC 1123), at most 253 characters. */
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const hostname = z.string().regex(HOSTNAME, 'expected a hostname such as mail.example.com');

/** Comma-separated values, blanks dropped (same parsing as the CIDR list). */
const commaList = cidrList;

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what dns.Resolver#setServers takes. */
const dnsServer = (s: string) => {
  const m = /^\[(.+)\](?::\d{1,5})?$/.exec(s) ?? /^([^:]+)(?::\d{1,5})?$/.exec(s);
  return isIP(m ? m[1] : s) !== 0;
};

/** http is allowed only for loopback hosts (tests); everything else must be https, without credentials. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isSecureOrLoopbackUrl = (s: string) => {
  const url = URL.canParse(s) ? new URL(s) : undefined;
  if (!url) return true; // .url() reports it
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.')));
};
const providerUrl = z.string().url().refine(isSecureOrLoopbackUrl, 'expected an https URL (http only on loopback), without credentials');

const SNS_ARN = /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_.-]+$/;
const isPlainHttpUrl = (s: string) => {
  const url = URL.canParse(s) ? new URL(s) : undefined; // zod runs refinements after a failed .url() too
  return !url || ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password);
};

/** Every variable Herald reads. Nothing else in the codebase touches process.env. */
const envSchema = z.object({
  PORT: int(8080, 0),
  /** The operations listener of every process: /metrics, /livez, /readyz (0 = any free port). */
  OPS_PORT: int(9464, 0),
  /** Its bind address; all interfaces by default, since probes and scrapers come from outside the pod. */
  OPS_HOST: z.string().min(1).default('0.0.0.0'),
  /** Liveness: a consumer holding messages that finishes none for this long is wedged. */
  LIVENESS_STALL_MS: int(120_000, 1_000),
  /** Fair share per project and fan-out process: deliveries/s and burst before a medium event drops to the low lane (0 = off). */
  FAIR_SHARE_PER_SECOND: int(500, 0),
  FAIR_SHARE_BURST: int(1_000, 0),
  /**
   * Fair share in a channel worker, by what is in flight: the percentage of a lane's send slots
   * (its prefetch) one project may hold at once (100 = off), and how long one more of its
   * deliveries waits for one of them before it moves to the lane below.
   */
  FAIR_SHARE_SEND_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  FAIR_SHARE_MOVE_AFTER_MS: int(500, 1),
  /**
   * The share of a lane's send slots one destination of a project (a webhook origin) may hold: a
   * slow customer endpoint moves down before it holds the project's whole share. At or above
   * FAIR_SHARE_SEND_PERCENT, only the project's share applies.
   */
  FAIR_SHARE_DESTINATION_PERCENT: z.coerce.number().int().min(1).max(100).default(25),
  /**
   * A consumer endpoint whose every delivery has failed for this long is disabled (docs/consumers.md).
   * Hours, fractions allowed (tests shorten it to seconds); default 5 days.
   */
  ENDPOINT_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(8760).default(120),
  /** Finished events (and their notifications, logs, dead letters, content) older than this are deleted; 0 keeps them forever. */
  RETENTION_DAYS: int(0, 0),
  /** Events deleted per statement (each with up to 1000 recipients' rows): bounds every lock and transaction. */
  RETENTION_BATCH_SIZE: int(100, 1),
  RETENTION_INTERVAL_MS: int(3_600_000, 1_000),
  /** OpenTelemetry: where spans go over OTLP/HTTP (`<endpoint>/v1/traces`); unset, tracing costs nothing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.string().url()),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/herald'),
  AMQP_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  /** `rabbitmq` or `postgres`; unset: rabbitmq when AMQP_URL is set or a broker answers on its default address, else postgres. */
  QUEUE_DRIVER: optional(z.enum(['rabbitmq', 'postgres'])),
  /** postgres driver: how long a claimed message stays hidden from other consumers; extended while its handler runs. */
  QUEUE_LEASE_MS: int(30_000, 100),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly']).default('info'),
  SSRF_ALLOW_CIDRS: cidrList,
  EMAIL_PROVIDER: z.enum(['smtp', 'ses']).default('smtp'),
  EMAIL_FROM: z.string().email().default('notifications@herald.localhost'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  /** Pooled SMTP connections per email-worker process. */
  SMTP_POOL_SIZE: int(5, 1),
  /** The name the email-worker gives in EHLO; default EMAIL_FROM's domain (see smtpEhloName). */
  SMTP_EHLO_NAME: optional(hostname),
  /**
   * DKIM signing on the SMTP path, all or none (see dkimSettings). The key is never schema-checked
   * here: a refusal would echo the value, and this one is a secret.
   */
  DKIM_DOMAIN: optional(hostname),
  DKIM_SELECTOR: optional(hostname),
  DKIM_PRIVATE_KEY: optional(z.string()),
  DKIM_PRIVATE_KEY_FILE: optional(z.string()),
  /** Deadline of one provider call (SMTP connect, greeting and each reply; SES request). */
  EMAIL_SEND_TIMEOUT_MS: int(30_000, 1),
  /** Deadline of one attachment download (connect, headers and body). */
  EMAIL_ATTACHMENT_TIMEOUT_MS: int(30_000, 1),
  EMAIL_PREFETCH: int(16, 1),
  SES_ENDPOINT: optional(z.string().url()),
  SES_CONFIGURATION_SET: optional(z.string().min(1)),
  AWS_REGION: z.preprocess(blankIsUnset, awsRegion.default('us-east-1')),
  AWS_ACCESS_KEY_ID: optional(z.string().min(1)),
  AWS_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  AWS_SESSION_TOKEN: optional(z.string().min(1)),
  /** Extra trusted base URL (origin and path) for SNS signing certificates, besides https://sns.<region>.amazonaws.com (tests). */
  SNS_TRUSTED_CERT_URL_PREFIX: optional(z.string().url().refine(isPlainHttpUrl, 'expected an http(s) URL without credentials')),
  /** SNS topics whose SES feedback is accepted; empty accepts none (required with EMAIL_PROVIDER=ses). */
  SNS_TOPIC_ARNS: commaList.refine(
    (arns) => arns.every((a) => SNS_ARN.test(a)),
    'expected arn:aws:sns:<region>:<account>:<topic>, comma-separated',
  ),
  TWILIO_ACCOUNT_SID: optional(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'expected AC followed by 32 hex digits')),
  TWILIO_AUTH_TOKEN: optional(z.string().min(1)),
  TWILIO_FROM_NUMBER: optional(z.string().regex(/^\+[1-9]\d{6,14}$/, 'expected an E.164 number such as +14155550100')),
  TWILIO_API_BASE_URL: optional(z.string().url()),
  SMS_TIMEOUT_MS: int(10_000, 1),
  SMS_PREFETCH: int(32, 1),
  RETRY_MAX_ATTEMPTS: int(8, 1),
  RETRY_BASE_DELAY_MS: int(5000, 1),
  RETRY_MAX_DELAY_MS: int(3_600_000, 1),
  WEBHOOK_TIMEOUT_MS: int(10_000, 1),
  /** How long intake waits for a webhook host's DNS answer (a 422 naming the host past it). */
  WEBHOOK_DNS_TIMEOUT_MS: int(3000, 1),
  /** Intake DNS lookups in flight per api process; libuv runs getaddrinfo on 4 threads by default. */
  WEBHOOK_DNS_CONCURRENCY: int(4, 1),
  /** DNS servers intake asks directly (c-ares, no libuv thread) instead of the operating system's resolver. */
  WEBHOOK_DNS_SERVERS: commaList.refine((list) => list.every(dnsServer), 'expected IP addresses, optionally with :port'),
  WEBHOOK_PREFETCH: int(64, 1),
  /**
   * Sends in a row to one project's webhook origin that timed out, could not connect or got a 5xx
   * before its circuit opens (its deliveries then fail at once, on their usual backoff); 0 = off.
   */
  WEBHOOK_CIRCUIT_FAILURES: int(5, 0),
  /** How long an opened circuit waits before one delivery probes; doubles per failed probe, up to 20x. */
  WEBHOOK_CIRCUIT_OPEN_MS: int(30_000, 1),
  WEBHOOK_MAX_RESPONSE_BYTES: int(64 * 1024, 0),
  FANOUT_PREFETCH: int(32, 1),
  /**
   * Notifications one fanout process plans, inserts and publishes at once, whatever the events'
   * sizes (an event larger than this runs alone); FANOUT_PREFETCH only bounds events.
   */
  FANOUT_MAX_NOTIFICATIONS_IN_FLIGHT: int(2000, 1),
  /**
   * First attempts of one event and channel that travel in one delivery message (1: one message
   * per notification, what workers before batch messages understood).
   */
  FANOUT_DELIVERIES_PER_MESSAGE: z.coerce.number().int().min(1).max(DELIVERY_BATCH_MAX_ITEMS).default(10),
  SCHEDULER_INTERVAL_MS: int(60_000, 10),
  DB_POOL_SIZE: int(10, 1),
  OUTBOX_BATCH_SIZE: int(500, 1),
  /** Accepted events of one fan-out lane the relay puts in one message (1: one message per event). */
  OUTBOX_EVENTS_PER_MESSAGE: z.coerce.number().int().min(1).max(EVENT_BATCH_MAX_ITEMS).default(10),
  OUTBOX_POLL_INTERVAL_MS: int(1000, 10),
  /** Payload bytes one relay pass loads (it always takes at least one row), so large rows cannot exhaust the heap. */
  OUTBOX_BATCH_BYTES: int(8 * 1024 * 1024, 1),
  /** A payload larger than this is parked unread (RabbitMQ 4's default max_message_size is 16 MiB). */
  OUTBOX_MAX_MESSAGE_BYTES: int(16 * 1024 * 1024, 1),
  /** Request bytes one scheduler transaction loads (it always takes at least one row). */
  SCHEDULER_BATCH_BYTES: int(8 * 1024 * 1024, 1),
  /** Prefix for every exchange and queue, so several Herald installs (or test runs) can share one vhost. */
  AMQP_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9._-]*$/)
    .default(''),
  HERALD_SECRETS_KEY: z.string().optional(),
  /**
   * Signs the unsubscribe links of category email (32 random bytes, base64); unset, a key derived
   * from the secrets key. Setting or changing it revokes every link already sent.
   */
  UNSUBSCRIBE_KEY: optional(z.string()),
  /** When set, category email offers `mailto:` unsubscribing to this address beside the https link. */
  UNSUBSCRIBE_MAILTO: optional(z.string().email()),
  /** Unsubscribe and preferences calls per client IP per minute (mailbox providers post one-click unsubscribes from few addresses). */
  UNSUBSCRIBE_PER_IP_PER_MINUTE: int(600, 1),
  HERALD_SECRETS_KEY_FILE: z.string().default('.herald/secrets.key'),
  /** Test-suite switch: the gateway validates its own responses against openapi.yaml. */
  VALIDATE_RESPONSES: bool(false),
  API_KEY_CACHE_TTL_MS: int(30_000, 0),
  /**
   * V8's heap growth after a full collection, in percent of what survived (0 = V8's own choice,
   * up to 4x on a large machine): keeps a busy process near its live heap instead of letting
   * garbage fill four times it (see docs/benchmarks.md, peak memory).
   */
  HEAP_GROWTH_PERCENT: int(30, 0).refine((n) => n <= 300, 'expected 0 (V8 decides) or 1-300'),
  /** After SIGTERM/SIGINT a process drains, then exits by this deadline even if something hangs. */
  SHUTDOWN_TIMEOUT_MS: int(25_000, 1),
  /** A request's line and headers must arrive within this (ms), or the api answers 408 and closes the connection. */
  HTTP_HEADERS_TIMEOUT_MS: int(20_000, 100),
  /**
   * A whole request, headers and body, must arrive within this (ms), or 408 and the connection
   * closes: a trickled body cannot hold a connection and its buffered bytes for longer. The
   * default takes the largest body (8 MiB) at 70 KB/s.
   */
  HTTP_REQUEST_TIMEOUT_MS: int(120_000, 100),
  /**
   * Request-body bytes one api process holds at once, all requests together (each body counted
   * until its request is over); past it, 503 with Retry-After. One body is always let through
   * when none is held, so a value below the largest body limit (8 MiB) only makes those take turns.
   */
  MAX_BODY_BYTES_IN_FLIGHT: int(33_554_432, 1),
  /** Requests per second one API key may make to one api process (token refill rate); 0 turns limiting off. */
  RATE_LIMIT_PER_SECOND: int(1000, 0),
  /** Requests one API key may make at once after a quiet spell (bucket size); 0 turns limiting off. */
  RATE_LIMIT_BURST: int(2000, 0),
  /** Herald's own external base URL; default http://127.0.0.1:$PORT (see loadConfig). */
  PUBLIC_URL: optional(z.string().url()),
  /** Where links in Herald's emails point; default PUBLIC_URL. */
  APP_URL: optional(z.string().url()),
  ACCESS_TOKEN_TTL_S: int(900, 1),
  REFRESH_TOKEN_TTL_S: int(2_592_000, 1),
  MAGIC_LINK_TTL_S: int(900, 1),
  /** A session ends this long after sign-in whatever the refreshes; no token it issues outlives it. */
  SESSION_MAX_AGE_S: int(2_592_000, 1),
  /** Magic-link requests per address and client IP per hour (token bucket of this size, refilled over an hour). */
  MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR: int(5, 1),
  /** Magic-link requests per address per hour from all clients: well above the one above, so no one client can lock an address out. */
  MAGIC_LINK_PER_ADDRESS_PER_HOUR: int(50, 1),
  /** Magic-link requests per client IP per hour, all addresses together. */
  MAGIC_LINK_PER_IP_PER_HOUR: int(30, 1),
  /** Consumer portal code exchanges (POST /portal/sessions) per client IP per minute. */
  PORTAL_CODE_EXCHANGES_PER_IP_PER_MINUTE: int(20, 1),
  /** Proxies whose X-Forwarded-For names the client (empty: the client is the TCP peer). */
  TRUST_PROXY_CIDRS: trustedCidrs,
  /** Calls without credentials (sign-in, OAuth, invitation accept) per client IP per minute; 0 turns it off. */
  CLIENT_IP_RATE_LIMIT_PER_MINUTE: int(60, 0),
  /** Bearer calls (control and admin planes) per user or system account per minute; 0 turns it off. */
  USER_RATE_LIMIT_PER_MINUTE: int(600, 0),
  /** Live delivery streams (GET /deliveries/stream) open at once per API key or member, and per api process. */
  LIVE_STREAMS_PER_CALLER: int(5, 1),
  LIVE_STREAMS_PER_PROCESS: int(200, 1),
  /** Bytes a live stream may have waiting for a viewer that does not read before it is dropped. */
  LIVE_STREAM_BUFFER_BYTES: int(262_144, 1_024),
  /** How often the one feed of a process reads new attempts while a stream is open (ms). */
  LIVE_FEED_POLL_MS: int(250, 20),
  /** Invitations sent per organization, and per inviting user, per hour. */
  INVITATIONS_PER_ORGANIZATION_PER_HOUR: int(50, 1),
  INVITATIONS_PER_USER_PER_HOUR: int(20, 1),
  /** Organizations a user may own when creating one; projects an organization may hold. */
  MAX_ORGANIZATIONS_PER_USER: int(20, 1),
  MAX_PROJECTS_PER_ORGANIZATION: int(50, 1),
  /** URL prefixes allowed as OAuth `redirect_uri`; default APP_URL (see loadConfig). */
  OAUTH_REDIRECT_ALLOWLIST: commaList.refine((list) => list.every((u) => URL.canParse(u)), 'expected absolute URLs, comma-separated'),
  /** Provider `oidc`: any OpenID Connect issuer, found by discovery; enabled when all three are set (see oauthSettings). */
  OIDC_ISSUER_URL: optional(providerUrl),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GITHUB_CLIENT_ID: optional(z.string().min(1)),
  GITHUB_CLIENT_SECRET: optional(z.string().min(1)),
  GITHUB_URL: z.preprocess(blankIsUnset, providerUrl.default('https://github.com')),
  GITHUB_API_URL: z.preprocess(blankIsUnset, providerUrl.default('https://api.github.com')),
});

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type Config = Omit<
  z.infer<typeof envSchema>,
  'HERALD_SECRETS_KEY' | 'HERALD_SECRETS_KEY_FILE' | 'UNSUBSCRIBE_KEY' | 'RETRY_MAX_ATTEMPTS' | 'RETRY_BASE_DELAY_MS' | 'RETRY_MAX_DELAY_MS'
> & {
  /** 32-byte key that encrypts secrets at rest (project signing secrets). */
  secretsKey: Buffer;
  /** 32-byte HMAC key of unsubscribe links (UNSUBSCRIBE_KEY, or derived from secretsKey). */
  unsubscribeKey: Buffer;
  /** AMQP_URL was given (not the default): the queue driver is then rabbitmq unless QUEUE_DRIVER says otherwise. */
  amqpUrlSet: boolean;
  retryPolicies: Record<Channel, RetryPolicy>;
} & { PUBLIC_URL: string; APP_URL: string };

function retryPolicyFor(channel: Channel, env: NodeJS.ProcessEnv, fallback: RetryPolicy): RetryPolicy {
  const prefix = channel.toUpperCase();
  const schema = z.object({
    [`${prefix}_RETRY_MAX_ATTEMPTS`]: int(fallback.maxAttempts, 1),
    [`${prefix}_RETRY_BASE_DELAY_MS`]: int(fallback.baseDelayMs, 1),
    [`${prefix}_RETRY_MAX_DELAY_MS`]: int(fallback.maxDelayMs, 1),
  });
  const parsed = parseOrThrow(schema, env) as Record<string, number>;
  return {
    maxAttempts: parsed[`${prefix}_RETRY_MAX_ATTEMPTS`],
    baseDelayMs: parsed[`${prefix}_RETRY_BASE_DELAY_MS`],
    maxDelayMs: parsed[`${prefix}_RETRY_MAX_DELAY_MS`],
  };
}

function parseOrThrow<T extends z.ZodTypeAny>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0]);
    // The value is echoed so the operator sees the typo, but never the credentials of a URL in it.
    throw new ConfigError(`${name}=${JSON.stringify(redactUrl(env[name] ?? ''))} is invalid: ${issue.message}`);
  }
  return result.data;
}

/** Reads and validates the environment once; throws ConfigError with one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseOrThrow(envSchema, env);
  const {
    HERALD_SECRETS_KEY,
    HERALD_SECRETS_KEY_FILE,
    UNSUBSCRIBE_KEY,
    RETRY_MAX_ATTEMPTS,
    RETRY_BASE_DELAY_MS,
    RETRY_MAX_DELAY_MS,
    ...rest
  } = parsed;
  const fallback = { maxAttempts: RETRY_MAX_ATTEMPTS, baseDelayMs: RETRY_BASE_DELAY_MS, maxDelayMs: RETRY_MAX_DELAY_MS };
  const retryPolicies = Object.fromEntries(CHANNELS.map((c) => [c, retryPolicyFor(c, env, fallback)])) as Record<Channel, RetryPolicy>;
  for (const [channel, policy] of Object.entries(retryPolicies)) {
    if (policy.baseDelayMs > policy.maxDelayMs) {
      throw new ConfigError(`${channel.toUpperCase()}_RETRY_BASE_DELAY_MS must not exceed ${channel.toUpperCase()}_RETRY_MAX_DELAY_MS`);
    }
  }
  if (rest.EMAIL_PROVIDER === 'ses' && rest.SNS_TOPIC_ARNS.length === 0) {
    // Without it no bounce or complaint is accepted, and SES keeps sending to dead addresses.
    throw new ConfigError('SNS_TOPIC_ARNS is required when EMAIL_PROVIDER=ses: the SNS topics of your SES bounces and complaints');
  }
  if (rest.HTTP_HEADERS_TIMEOUT_MS > rest.HTTP_REQUEST_TIMEOUT_MS) {
    // The headers are part of the request: Node refuses to start a server configured so.
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (rest.MAGIC_LINK_PER_ADDRESS_PER_HOUR <= rest.MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR) {
    // Else one client could spend an address's whole budget and lock its owner out of sign-in.
    throw new ConfigError('MAGIC_LINK_PER_ADDRESS_PER_HOUR must be greater than MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR');
  }
  const secretsKey = resolveSecretsKey(HERALD_SECRETS_KEY, HERALD_SECRETS_KEY_FILE);
  const publicUrl = (rest.PUBLIC_URL ?? `http://127.0.0.1:${rest.PORT}`).replace(/\/+$/, '');
  const appUrl = (rest.APP_URL ?? publicUrl).replace(/\/+$/, '');
  return {
    ...rest,
    PUBLIC_URL: publicUrl,
    APP_URL: appUrl,
    OAUTH_REDIRECT_ALLOWLIST: rest.OAUTH_REDIRECT_ALLOWLIST.length ? rest.OAUTH_REDIRECT_ALLOWLIST : [appUrl],
    secretsKey,
    unsubscribeKey: resolveUnsubscribeKey(UNSUBSCRIBE_KEY, secretsKey),
    amqpUrlSet: blankIsUnset(env.AMQP_URL) !== undefined,
    retryPolicies,
  };
}
