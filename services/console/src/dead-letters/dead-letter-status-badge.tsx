import { Badge } from '@mantine/core';
import { statusColor } from '../shared/format';

/**
 * A dead letter's status, drawn as shared/status-badge draws others, but an active one is red:
 * it waits for a decision about a failure, where statusColor's `active` (a key's) is green.
 */
export function DeadLetterStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="dot" color={statusColor(status === 'active' ? 'dead' : status)} tt="none" size="md">
      {status}
    </Badge>
  );
}
