import { Badge } from '@mantine/core';
import { statusColor } from './format';

/**
 * A status as a dot badge: the dot carries the color and the text stays in the body color, so
 * it reads at AA contrast in both color schemes (white on a filled green badge does not).
 */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="dot" color={statusColor(status)} tt="none" size="md">
      {status.replace(/_/g, ' ')}
    </Badge>
  );
}
