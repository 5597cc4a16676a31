/**
 * How long a rotated key (or a project's rotated signing secret) keeps working beside the new one.
 * openapi.yaml's default for both rotations: a day for every client to switch.
 */
export const DEFAULT_GRACE_PERIOD_S = 86_400;
