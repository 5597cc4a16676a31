import type { components } from '@herald/client';

export type Scope = components['schemas']['ApiKeyScopes'][number];

/**
 * The areas a key's scopes name (`<area>:<read|write>`), in the order of openapi.yaml's
 * ApiKeyScopes. The generated types carry no runtime list, so the list lives here and the check
 * below fails the build when the document gains or loses a scope.
 */
export const SCOPE_AREAS = [
  'events',
  'notifications',
  'templates',
  'scheduled_events',
  'suppressions',
  'dead_letter',
  'analytics',
  'audit_log',
  'usage',
  'settings',
  'event_types',
  'consumers',
] as const;

type Listed = `${(typeof SCOPE_AREAS)[number]}:${'read' | 'write'}`;
const everyScopeListed: [Scope] extends [Listed] ? ([Listed] extends [Scope] ? true : false) : false = true;
void everyScopeListed;

export type Access = 'read' | 'write';

export function scopesOf(access: Access): Scope[] {
  return SCOPE_AREAS.map((area) => `${area}:${access}` as Scope);
}

/** A key's scopes in few words: "every scope", "every read scope", or the list. */
export function describeScopes(scopes: string[]): string {
  const has = (access: Access) => scopesOf(access).every((s) => scopes.includes(s));
  if (has('read') && has('write')) return 'every scope';
  if (has('read')) {
    const writes = scopes.filter((s) => s.endsWith(':write'));
    return ['every read scope', ...writes].join(', ');
  }
  return scopes.join(', ');
}
