import { Anchor, Button, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Pager } from '../../shared/pager';
import { Page } from '../../shared/page';
import { useEndpointScope } from '../../shared/endpoint-scope';
import { describeEventTypes, EndpointStatus } from './endpoint-status';
import { useEndpoints } from './endpoints.query';

/** The consumer's endpoints: where its webhooks go, what each receives, and whether it is on. */
export function EndpointsPage() {
  const { to, titleSuffix } = useEndpointScope();
  const [page, setPage] = useState(1);
  const endpoints = useEndpoints(page);
  return (
    <Page
      title="Endpoints"
      titleSuffix={titleSuffix}
      actions={
        <Button component={Link} to={to('/endpoints/new')}>
          Add endpoint
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Each endpoint receives the event types it subscribes to, signed with its own secret.
      </Text>
      <ErrorAlert error={endpoints.error} title="Could not load the endpoints" />
      {endpoints.isLoading && <Loader aria-label="Loading endpoints" />}
      {endpoints.data && (
        <>
          {endpoints.data.items.length === 0 ? (
            <Text>No endpoint yet: add one to start receiving webhooks.</Text>
          ) : (
            <Table.ScrollContainer minWidth={700}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Caption>Your endpoints, oldest first</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">URL</Table.Th>
                    <Table.Th scope="col">Description</Table.Th>
                    <Table.Th scope="col">Event types</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Added</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {endpoints.data.items.map((endpoint) => (
                    <Table.Tr key={endpoint.id}>
                      <Table.Td>
                        <Anchor component={Link} to={to(`/endpoints/${endpoint.id}`)} ff="monospace" size="sm">
                          {endpoint.url}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{endpoint.description || '—'}</Table.Td>
                      <Table.Td>{describeEventTypes(endpoint.event_types)}</Table.Td>
                      <Table.Td>
                        <EndpointStatus endpoint={endpoint} />
                      </Table.Td>
                      <Table.Td>{formatTime(endpoint.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager page={page} totalPages={endpoints.data.total_pages} total={endpoints.data.total} onChange={setPage} label="endpoints" />
        </>
      )}
    </Page>
  );
}
