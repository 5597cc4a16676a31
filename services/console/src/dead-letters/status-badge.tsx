import { Badge } from '@mantine/core';
import { statusColor } from '../shared/format';

/**
 * A status as a light badge of its color with the page's text color: even green's darkest shade
 * misses WCAG contrast at a badge's small size on the light background.
 */
export function StatusBadge({ status, prefix = '' }: { status: string; prefix?: string }) {
  // An active dead letter waits for a decision: it shows as a failure, not as something in flight.
  const color = statusColor(status === 'active' ? 'dead' : status);
  return (
    <Badge variant="light" color={color} styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {prefix}
      {status}
    </Badge>
  );
}
