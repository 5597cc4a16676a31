/** A timestamp from the api in the viewer's locale, to the second. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** An id shortened to its first 8 characters for a table (the full one goes in a title), or a dash. */
export function shortId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : '—';
}

/** A datetime-local input's value (local time) as the api's ISO 8601, or undefined when empty. */
export function localInputToIso(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** The color a status shows in, the same for events, notifications and attempts. */
export function statusColor(status: string): string {
  switch (status) {
    case 'delivered':
    case 'completed':
    case 'sent':
    case 'active':
    case 'ok':
    case 'healthy':
      return 'green';
    case 'failed':
    case 'dead_lettered':
    case 'dead':
    case 'revoked':
    case 'unhealthy':
      return 'red';
    case 'suppressed':
    case 'discarded':
    case 'expired':
    case 'cancelled':
    case 'disabled':
      return 'gray';
    default:
      return 'blue';
  }
}
