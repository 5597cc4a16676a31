import { Badge, Stack, Text } from '@mantine/core';
import { formatTime } from '../shared/format';
import { StatusBadge } from '../shared/status-badge';
import type { ConsumerEndpoint } from './consumers.query';

/**
 * Enabled or disabled and why; and, while every delivery fails, since when: Herald disables an
 * endpoint that has failed long enough, so this is the warning a member can act on first.
 */
export function EndpointState({ endpoint }: { endpoint: ConsumerEndpoint }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge status={endpoint.enabled ? 'enabled' : 'disabled'} />
      {!endpoint.enabled && endpoint.disabled_reason && <Text size="sm">{endpoint.disabled_reason}</Text>}
      {endpoint.failing_since && (
        // A red dot with body-coloured text: red text on the striped rows falls below AA contrast.
        <Badge variant="dot" color="red" tt="none" size="md">
          Failing since {formatTime(endpoint.failing_since)}
        </Badge>
      )}
    </Stack>
  );
}
