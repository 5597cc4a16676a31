import { Anchor, Button, Group, Loader, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { useMayWriteProject } from '../projects/project-role';
import { ErrorAlert } from '../shared/error-alert';
import { FactsTable } from '../shared/facts-table';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { DeleteConsumerButton } from './delete-consumer-button';
import { EndpointsTable } from './endpoints-table';
import { PortalLinkButton } from './portal-link-button';
import { useConsumer, useEndpoints } from './consumers.query';

/**
 * One consumer and its endpoints, with their health. Each endpoint opens on the portal's own
 * screens (see ConsumerEndpointsScope), where a member adds, edits, tests and replays it as the
 * consumer would, and a viewer reads its deliveries.
 */
export function ConsumerPage() {
  const projectId = useProjectId();
  const { uid = '' } = useParams();
  const consumer = useConsumer(uid);
  const endpoints = useEndpoints(uid);
  const mayWrite = useMayWriteProject();
  const data = consumer.data;
  return (
    <Page
      title={data ? data.name : 'Consumer'}
      actions={
        mayWrite &&
        data && (
          <Group gap="sm">
            <PortalLinkButton uid={data.uid} />
            <DeleteConsumerButton consumer={data} />
          </Group>
        )
      }
    >
      <Anchor component={Link} to={`/projects/${projectId}/consumers`} size="sm">
        All consumers
      </Anchor>
      <ErrorAlert error={consumer.error} title="Could not load the consumer" />
      {consumer.isLoading && <Loader aria-label="Loading the consumer" />}
      {data && (
        <FactsTable
          caption="About this consumer"
          rows={[
            [
              'UID',
              <Text key="uid" ff="monospace">
                {data.uid}
              </Text>,
            ],
            ['Added', formatTime(data.created_at)],
          ]}
        />
      )}
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Endpoints
        </Title>
        {mayWrite && (
          <Button component={Link} to="endpoints/new" variant="light">
            Add endpoint
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {mayWrite
          ? 'Open an endpoint to edit it, send it a test event, see its deliveries or replay its failures. The consumer can do the same in its portal.'
          : 'Open an endpoint to see its deliveries; changing endpoints needs the developer role.'}
      </Text>
      <ErrorAlert error={endpoints.error} title="Could not load the endpoints" />
      {endpoints.isLoading && <Loader aria-label="Loading the endpoints" />}
      {endpoints.data &&
        (endpoints.data.items.length ? (
          <EndpointsTable endpoints={endpoints.data.items} />
        ) : (
          <Text>This consumer has no endpoint yet.</Text>
        ))}
    </Page>
  );
}
