import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { noWrap, PagedTable, type Column } from '../../shared/paged-table';
import { useEndpointScope } from '../../shared/endpoint-scope';
import { describeEventTypes, EndpointStatus } from './endpoint-status';
import { useEndpoints, type Endpoint } from './endpoints.query';

/** The consumer's endpoints: where its webhooks go, what each receives, and whether it is on. */
export function EndpointsPage() {
  const { to, titleSuffix } = useEndpointScope();
  const [page, setPage] = useState(1);
  const endpoints = useEndpoints(page);
  const columns: Column<Endpoint>[] = [
    {
      header: 'URL',
      cell: (endpoint) => (
        <Anchor component={Link} to={to(`/endpoints/${endpoint.id}`)} ff="monospace" size="sm">
          {endpoint.url}
        </Anchor>
      ),
    },
    { header: 'Description', cell: (endpoint) => endpoint.description || '—' },
    { header: 'Event types', cell: (endpoint) => describeEventTypes(endpoint.event_types) },
    { header: 'Status', cell: (endpoint) => <EndpointStatus endpoint={endpoint} /> },
    { header: 'Added', cell: (endpoint) => formatTime(endpoint.created_at), td: noWrap },
  ];
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
      <PagedTable
        list={endpoints}
        what="the endpoints"
        caption="Your endpoints, oldest first"
        columns={columns}
        rowKey={(endpoint) => endpoint.id}
        empty="No endpoint yet: add one to start receiving webhooks."
        page={page}
        onPage={setPage}
        unit="endpoints"
        highlightOnHover
        minWidth={700}
      />
    </Page>
  );
}
