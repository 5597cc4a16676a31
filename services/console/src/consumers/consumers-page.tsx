import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMayWriteProject } from '../projects/project-role';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { CreateConsumerForm } from './create-consumer-form';
import { useConsumerList } from './consumers.query';

const NO_FILTERS = [] as const;

/**
 * The project's webhook consumers. The list does not count endpoints: the api lists them per
 * consumer only, and a page of 25 consumers is not worth 25 more requests; the consumer's page shows them.
 */
export function ConsumersPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const list = useConsumerList(page);
  const mayWrite = useMayWriteProject();
  return (
    <Page title="Consumers">
      <Text size="sm" c="dimmed">
        Your customers who receive webhooks. Each has its own endpoints, each endpoint its own signing secret and the event types it
        subscribes to. Events reach them through a recipient that names the consumer&apos;s UID.
      </Text>
      {mayWrite && <CreateConsumerForm />}
      {mayWrite === false && <Text size="sm">Your role can read consumers; changing them needs the developer role.</Text>}
      <ErrorAlert error={list.error} title="Could not load the consumers" />
      {list.isLoading && <Loader aria-label="Loading consumers" />}
      {list.data && (
        <>
          <Table striped>
            <Table.Caption>Consumers, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">UID</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Added</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((consumer) => (
                <Table.Tr key={consumer.id}>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={encodeURIComponent(consumer.uid)}>
                      {consumer.uid}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{consumer.name}</Table.Td>
                  <Table.Td>{formatTime(consumer.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.items.length === 0 && <Text>No consumer yet.</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="consumers" />
        </>
      )}
    </Page>
  );
}
