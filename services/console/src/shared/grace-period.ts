/**
 * GracePeriodSeconds in openapi.yaml: how long an old key or signing secret keeps working after
 * a rotation. The generated types keep no defaults or limits, so they are repeated here.
 */
export const GRACE_PERIOD = { default: 86_400, min: 0, max: 2_592_000 } as const;

export const GRACE_PERIOD_HELP =
  'How long the old one keeps working: 0 ends it at once; default one day (86400); at most 30 days (2592000).';
