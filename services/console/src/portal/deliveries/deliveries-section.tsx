import { Anchor, Code, Group, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useEndpointScope } from '../../shared/endpoint-scope';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Pager } from '../../shared/pager';
import { StatusBadge } from '../../shared/status-badge';
import { useUrlFilters } from '../../shared/url-filters';
import { DELIVERY_STATUSES, useDeliveries, type DeliveryStatus } from './deliveries.query';

const FILTERS = ['status'] as const;

/** An endpoint's deliveries, newest first, filtered by status (kept in the address), each one click from its attempts. */
export function DeliveriesSection({ endpointId, watching }: { endpointId: string; watching: boolean }) {
  const { to, mayWrite } = useEndpointScope();
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const status = DELIVERY_STATUSES.includes(filters.status as DeliveryStatus) ? (filters.status as DeliveryStatus) : undefined;
  const deliveries = useDeliveries(endpointId, page, status, watching);
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
        <ErrorAlert error={deliveries.error} title="Could not load the deliveries" />
        {deliveries.isPending && <Loader aria-label="Loading deliveries" />}
        {deliveries.data && (
          <>
            {deliveries.data.items.length === 0 ? (
              <Text size="sm">
                {status ? `No ${status} delivery.` : mayWrite ? 'No delivery yet. Send a test event to see one here.' : 'No delivery yet.'}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table striped verticalSpacing="xs">
                  <Table.Caption>Deliveries to this endpoint, newest first</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Created</Table.Th>
                      <Table.Th scope="col">Event type</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col">Retries</Table.Th>
                      <Table.Th scope="col">Last error</Table.Th>
                      <Table.Th scope="col">Attempts</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {deliveries.data.items.map((delivery) => (
                      <Table.Tr key={delivery.id}>
                        <Table.Td>{formatTime(delivery.created_at)}</Table.Td>
                        <Table.Td>
                          <Text ff="monospace" size="sm">
                            {delivery.event_type}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge status={delivery.status} />
                        </Table.Td>
                        <Table.Td>{delivery.retry_count}</Table.Td>
                        <Table.Td>{delivery.last_error ? <Code>{delivery.last_error}</Code> : '—'}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={to(`/endpoints/${endpointId}/deliveries/${delivery.id}`)}
                            size="sm"
                            aria-label={`Attempts of the ${delivery.event_type} delivery of ${formatTime(delivery.created_at)}`}
                          >
                            Attempts
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Pager
              page={page}
              totalPages={deliveries.data.total_pages}
              total={deliveries.data.total}
              onChange={setPage}
              label="deliveries"
              one="delivery"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
