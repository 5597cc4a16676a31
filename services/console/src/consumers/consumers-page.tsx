import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMayWriteProject } from '../projects/project-role';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
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
      <PagedTable
        list={list}
        what="the consumers"
        caption="Consumers, newest first"
        columns={[
          {
            header: 'UID',
            cell: (consumer) => (
              <Anchor component={Link} to={encodeURIComponent(consumer.uid)}>
                {consumer.uid}
              </Anchor>
            ),
            td: () => ({ ff: 'monospace', style: { overflowWrap: 'anywhere' } }),
          },
          { header: 'Name', cell: (consumer) => consumer.name },
          { header: 'Added', cell: (consumer) => formatTime(consumer.created_at) },
        ]}
        rowKey={(consumer) => consumer.id}
        empty="No consumer yet."
        page={page}
        onPage={setPage}
        unit="consumers"
      />
    </Page>
  );
}
