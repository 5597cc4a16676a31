import { StatusBadge } from '../../shared/status-badge';
import type { Endpoint } from './endpoints.query';

/** Enabled or disabled, as a badge in the console's status colours. */
export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  return <StatusBadge status={endpoint.enabled ? 'active' : 'disabled'} />;
}

/** The subscriptions in words: every type when there is none. */
export function describeEventTypes(types: string[]): string {
  return types.length === 0 ? 'All event types' : types.join(', ');
}
