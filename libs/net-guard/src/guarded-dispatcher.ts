import { isIP } from 'node:net';
import type { Agent } from 'undici';
import type { AddressPolicy } from './address-policy';
import { resolveAllowedAddresses } from './resolve-target';

export interface GuardedDispatcherOptions {
  connectTimeoutMs: number;
  connections?: number;
}

/**
 * An undici Agent whose every socket (IP literals included) is opened to an address that was
 * resolved and checked moments before: the connector resolves once, checks, then dials that IP
 * while keeping the original name for TLS SNI and certificate checks. No second lookup happens,
 * so DNS rebinding between check and connect is impossible.
 */
export function createGuardedDispatcher(policy: AddressPolicy, options: GuardedDispatcherOptions): Agent {
  // undici is required here rather than imported at the top: loading it compiles its WebAssembly
  // HTTP parser, ~25 MB of a process's memory, and the api imports this library for its address
  // rules while it dials out only for a rare SNS certificate.
  const { Agent, buildConnector } = require('undici') as typeof import('undici');
  const base = buildConnector({ timeout: options.connectTimeoutMs });
  return new Agent({
    connections: options.connections ?? 128,
    connect: (opts, callback) => {
      resolveAllowedAddresses(opts.hostname, policy).then(
        ([first]) => {
          const literal = isIP(opts.hostname.replace(/^\[|\]$/g, '')) !== 0;
          const servername = opts.servername ?? (literal ? undefined : opts.hostname);
          base({ ...opts, hostname: first.address, servername }, callback);
        },
        (err: Error) => callback(err, null),
      );
    },
  });
}
