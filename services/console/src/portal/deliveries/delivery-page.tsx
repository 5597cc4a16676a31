import { Anchor, Code, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { FactsTable } from '../../shared/facts-table';
import { formatTime } from '../../shared/format';
import { StatusBadge } from '../../shared/status-badge';
import { Page } from '../../shared/page';
import { useEndpointScope } from '../../shared/endpoint-scope';
import { useDelivery } from './deliveries.query';

/** One delivery to an endpoint: what it was, how it ended, and every attempt made. */
export function DeliveryPage() {
  const { endpointId, deliveryId } = useParams() as { endpointId: string; deliveryId: string };
  const { to, titleSuffix } = useEndpointScope();
  const delivery = useDelivery(endpointId, deliveryId);
  const d = delivery.data;
  return (
    <Page title="Delivery" titleSuffix={titleSuffix}>
      <Anchor component={Link} to={to(`/endpoints/${endpointId}`)} size="sm">
        Back to the endpoint
      </Anchor>
      <ErrorAlert error={delivery.error} title="Could not load the delivery" />
      {delivery.isPending && <Loader aria-label="Loading the delivery" />}
      {d && (
        <Stack gap="md">
          <FactsTable
            caption="This delivery"
            rows={[
              [
                'Event type',
                <Text ff="monospace" size="sm" key="t">
                  {d.event_type}
                </Text>,
              ],
              ['Status', <StatusBadge status={d.status} key="s" />],
              [
                'Event',
                <Text ff="monospace" size="sm" key="e">
                  {d.event_id}
                </Text>,
              ],
              ['Created', formatTime(d.created_at)],
              ['Delivered', formatTime(d.delivered_at)],
              ['Retries', d.retry_count],
              ['Last error', d.last_error ? <Code key="l">{d.last_error}</Code> : '—'],
            ]}
          />
          <section aria-labelledby="attempts-heading">
            <Title order={2} size="h3" id="attempts-heading" mb="sm">
              Attempts
            </Title>
            {d.attempts.length === 0 ? (
              <Text size="sm">No attempt yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={600}>
                <Table striped>
                  <Table.Caption>Every attempt, oldest first</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Attempt</Table.Th>
                      <Table.Th scope="col">Time</Table.Th>
                      <Table.Th scope="col">Outcome</Table.Th>
                      <Table.Th scope="col">HTTP status</Table.Th>
                      <Table.Th scope="col">Duration</Table.Th>
                      <Table.Th scope="col">Error</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...d.attempts]
                      .sort((a, b) => a.attempt - b.attempt || a.created_at.localeCompare(b.created_at))
                      .map((attempt) => (
                        <Table.Tr key={`${attempt.attempt}-${attempt.created_at}`}>
                          <Table.Td>{attempt.attempt}</Table.Td>
                          <Table.Td>{formatTime(attempt.created_at)}</Table.Td>
                          <Table.Td>
                            <StatusBadge status={attempt.status} />
                          </Table.Td>
                          <Table.Td>{attempt.status_code ?? '—'}</Table.Td>
                          <Table.Td>{attempt.duration_ms === null ? '—' : `${Math.round(attempt.duration_ms)} ms`}</Table.Td>
                          <Table.Td>{attempt.error ? <Code>{attempt.error}</Code> : '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </section>
        </Stack>
      )}
    </Page>
  );
}
