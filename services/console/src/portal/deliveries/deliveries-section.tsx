import { Anchor, Code, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useEndpointScope } from '../../shared/endpoint-scope';
import { formatTime } from '../../shared/format';
import { noWrap, PagedTable, type Column } from '../../shared/paged-table';
import { StatusBadge } from '../../shared/status-badge';
import { useUrlFilters } from '../../shared/url-filters';
import { DELIVERY_STATUSES, useDeliveries, type Delivery, type DeliveryStatus } from './deliveries.query';

const FILTERS = ['status'] as const;

/** An endpoint's deliveries, newest first, filtered by status (kept in the address), each one click from its attempts. */
export function DeliveriesSection({ endpointId, watching }: { endpointId: string; watching: boolean }) {
  const { to, mayWrite } = useEndpointScope();
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const status = DELIVERY_STATUSES.includes(filters.status as DeliveryStatus) ? (filters.status as DeliveryStatus) : undefined;
  const deliveries = useDeliveries(endpointId, page, status, watching);
  const columns: Column<Delivery>[] = [
    { header: 'Created', cell: (delivery) => formatTime(delivery.created_at), td: noWrap },
    {
      header: 'Event type',
      cell: (delivery) => (
        <Text ff="monospace" size="sm">
          {delivery.event_type}
        </Text>
      ),
    },
    { header: 'Status', cell: (delivery) => <StatusBadge status={delivery.status} /> },
    { header: 'Retries', cell: (delivery) => delivery.retry_count },
    { header: 'Last error', cell: (delivery) => (delivery.last_error ? <Code>{delivery.last_error}</Code> : '—') },
    {
      header: 'Attempts',
      cell: (delivery) => (
        <Anchor
          component={Link}
          to={to(`/endpoints/${endpointId}/deliveries/${delivery.id}`)}
          size="sm"
          aria-label={`Attempts of the ${delivery.event_type} delivery of ${formatTime(delivery.created_at)}`}
        >
          Attempts
        </Anchor>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deliveries-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="deliveries-heading">
            Deliveries
          </Title>
          <NativeSelect
            label="Status"
            value={status ?? ''}
            onChange={(e) => setFilters({ status: e.currentTarget.value })}
            data={[{ value: '', label: 'Any status' }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: s }))]}
          />
        </Group>
        <PagedTable
          list={deliveries}
          what="the deliveries"
          caption="Deliveries to this endpoint, newest first"
          columns={columns}
          rowKey={(delivery) => delivery.id}
          empty={status ? `No ${status} delivery.` : mayWrite ? 'No delivery yet. Send a test event to see one here.' : 'No delivery yet.'}
          page={page}
          onPage={setPage}
          unit="deliveries"
          one="delivery"
          minWidth={700}
        />
      </Stack>
    </Paper>
  );
}
