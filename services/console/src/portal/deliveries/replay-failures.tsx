import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { localInputToIso } from '../../shared/format';
import { useEndpointMutations } from '../endpoints/endpoint-mutations';

/** A datetime-local value (the viewer's time) `hours` ago. */
function hoursAgo(hours: number): string {
  const at = new Date(Date.now() - hours * 3_600_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Sends the endpoint's failed deliveries again, those that failed since a time (a day ago unless
 * changed): once the receiver is fixed, nothing it missed is lost.
 */
export function ReplayFailures({ endpointId, onReplayed }: { endpointId: string; onReplayed(): void }) {
  const { replay } = useEndpointMutations(endpointId);
  const [since, setSince] = useState(() => hoursAgo(24));
  const sinceError = replay.error instanceof ApiError ? replay.error.fieldMessage('since') : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="replay-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="replay-heading">
          Replay failures
        </Title>
        <Text size="sm" c="dimmed">
          Deliveries that failed since this time are sent again, each with a fresh set of attempts.
        </Text>
        <form
          aria-label="Replay failures"
          onSubmit={(e) => {
            e.preventDefault();
            const iso = localInputToIso(since);
            if (iso) replay.mutate(iso, { onSuccess: onReplayed });
          }}
        >
          <Group align="flex-end">
            <TextInput
              type="datetime-local"
              label="Failed since"
              value={since}
              onChange={(e) => setSince(e.currentTarget.value)}
              required
              error={sinceError}
            />
            <Button type="submit" loading={replay.isPending}>
              Replay failures
            </Button>
          </Group>
        </form>
        {!sinceError && <ErrorAlert error={replay.error} title="Nothing was replayed" />}
        {replay.data && (
          <Text role="status" size="sm">
            {replay.data.requeued === 0
              ? 'No failed delivery since then: nothing to replay.'
              : `${replay.data.requeued} failed ${replay.data.requeued === 1 ? 'delivery' : 'deliveries'} sent again.`}
            {replay.data.limit_reached && ' More remain: replay again to send the rest.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
