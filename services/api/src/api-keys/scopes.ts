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

/** Every project-plane scope: what `herald bootstrap` grants its key. */
export const ALL_PROJECT_SCOPES: string[] = SCOPE_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`]);
