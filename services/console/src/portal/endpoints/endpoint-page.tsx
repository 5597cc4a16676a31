import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { ErrorAlert } from '../../shared/error-alert';
import { FactsTable } from '../../shared/facts-table';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { ownedTitle, useEndpointScope } from '../../shared/endpoint-scope';
import { DeliveriesSection } from '../deliveries/deliveries-section';
import { ReplayFailures } from '../deliveries/replay-failures';
import { describeEventTypes, EndpointStatus } from './endpoint-status';
import { useEndpointMutations } from './endpoint-mutations';
import { useEndpoint, type Endpoint } from './endpoints.query';
import { RotateSecretButton } from './rotate-secret';

/** How long the deliveries are watched for a test event's or a replay's delivery to show up. */
const WATCH_MS = 30_000;

/** While true, a delivery is expected soon: for `WATCH_MS` after each `watch()`. */
function useWatch(): [boolean, () => void] {
  const [until, setUntil] = useState(0);
  const watching = until > 0;
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return [watching, () => setUntil(Date.now() + WATCH_MS)];
}

function facts(endpoint: Endpoint): Array<[string, ReactNode]> {
  return [
    [
      'URL',
      <Text key="u" ff="monospace" size="sm">
        {endpoint.url}
      </Text>,
    ],
    ['Description', endpoint.description || '—'],
    ['Event types', describeEventTypes(endpoint.event_types)],
    [
      'Status',
      <Group key="s" gap="xs">
        <EndpointStatus endpoint={endpoint} />
        {!endpoint.enabled && endpoint.disabled_reason && <Text size="sm">({endpoint.disabled_reason})</Text>}
      </Group>,
    ],
    ['Rate limit', endpoint.rate_limit_per_second ? `${endpoint.rate_limit_per_second} per second` : 'None'],
    ...(endpoint.previous_secret_expires_at
      ? [['Previous secret', `Still signs until ${formatTime(endpoint.previous_secret_expires_at)}`] as [string, string]]
      : []),
    ['Added', formatTime(endpoint.created_at)],
  ];
}

/** One endpoint: its settings, what can be done with it, its failures to replay and its deliveries (a reader sees only these last). */
export function EndpointPage() {
  const endpointId = useParams().endpointId!;
  const navigate = useNavigate();
  const { to, titleSuffix, owner, mayWrite } = useEndpointScope();
  const endpoint = useEndpoint(endpointId);
  const { toggle, remove, sendTest } = useEndpointMutations(endpointId);
  const [confirmingDelete, deleting] = useDisclosure();
  const [watching, watch] = useWatch();
  const e = endpoint.data;
  return (
    <Page title={ownedTitle('Endpoint', owner)} titleSuffix={titleSuffix}>
      <Anchor component={Link} to={to('/')} size="sm">
        All endpoints
      </Anchor>
      <ErrorAlert error={endpoint.error} title="Could not load the endpoint" />
      {endpoint.isPending && <Loader aria-label="Loading the endpoint" />}
      {e && (
        <Stack gap="lg">
          <FactsTable caption="Settings of this endpoint" rows={facts(e)} />
          {mayWrite && (
            <Group gap="sm" role="group" aria-label="Endpoint actions">
              <Button component={Link} to={to(`/endpoints/${e.id}/edit`)} variant="light">
                Edit
              </Button>
              <Button variant="light" loading={sendTest.isPending} onClick={() => sendTest.mutate(undefined, { onSuccess: watch })}>
                Send test event
              </Button>
              <RotateSecretButton endpointId={e.id} />
              <Button variant="light" loading={toggle.isPending} onClick={() => toggle.mutate(!e.enabled)}>
                {e.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button variant="light" color="red" onClick={deleting.open}>
                Delete
              </Button>
            </Group>
          )}
          <ErrorAlert error={sendTest.error} title="The test event was not sent" />
          <ErrorAlert error={toggle.error} title={e.enabled ? 'The endpoint was not disabled' : 'The endpoint was not enabled'} />
          {sendTest.data && (
            <Text role="status" size="sm">
              Test event sent: its delivery shows below in a moment.
            </Text>
          )}
          <DeliveriesSection endpointId={e.id} watching={watching} />
          {mayWrite && <ReplayFailures endpointId={e.id} onReplayed={watch} />}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete this endpoint?"
        confirm="Delete endpoint"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(to('/')) })}
        onClose={() => {
          deleting.close();
          remove.reset();
        }}
      >
        {e ? `Nothing more is sent to ${e.url}. Its past deliveries are kept.` : ''}
      </ConfirmDialog>
    </Page>
  );
}
