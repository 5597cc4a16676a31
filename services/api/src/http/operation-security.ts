import type { Request } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';

export type SecurityRequirements = Array<Record<string, unknown>> | undefined;

/** The matched operation's openapi `security` (undefined before the match, or when it has none). */
export function securityOf(req: Request): SecurityRequirements {
  return ((req as OpenApiRequest).openapi?.schema as { security?: SecurityRequirements } | undefined)?.security;
}

/** True when one of the operation's security alternatives is `scheme`. */
export function accepts(req: Request, scheme: string): boolean {
  const security = securityOf(req);
  return Array.isArray(security) && security.some((requirement) => scheme in requirement);
}

/** The scopes the operation's `scheme` alternative names (empty when it has none). */
export function scopesOf(req: Request, scheme: string): string[] {
  const scopes = securityOf(req)?.find((requirement) => scheme in requirement)?.[scheme];
  return Array.isArray(scopes) ? scopes.map(String) : [];
}
