import { Anchor, Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { useTemplates, type Channel } from './templates.queries';

const FILTERS = ['channel'] as const;

export function TemplatesPage() {
  const projectId = useProjectId();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const list = useTemplates({ channel: query.channel as Channel | undefined, page });
  const base = `/projects/${projectId}/templates`;
  return (
    <Page
      title="Templates"
      actions={
        <Group>
          <Button component={Link} to={`${base}/import`} variant="default">
            Import from HTML
          </Button>
          <Button component={Link} to={`${base}/new`}>
            New template
          </Button>
        </Group>
      }
    >
      <NativeSelect
        label="Channel"
        w={200}
        value={filters.channel}
        onChange={(e) => setFilters({ channel: e.currentTarget.value })}
        data={[
          { value: '', label: 'All channels' },
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'SMS' },
          { value: 'webhook', label: 'Webhook' },
        ]}
      />
      <ErrorAlert error={list.error} title="Cannot list templates" />
      {list.data && (
        <>
          <Table striped highlightOnHover>
            <Table.Caption>Templates{filters.channel ? ` for ${filters.channel}` : ''}, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Variables</Table.Th>
                <Table.Th scope="col">Last changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/${t.id}`}>
                      {t.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t.channel}</Badge>
                  </Table.Td>
                  <Table.Td>{t.subject ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {t.variables.join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatTime(t.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.total === 0 && (
            <Text c="dimmed">
              No templates{filters.channel ? ` for ${filters.channel}` : ''} yet. Create one, or import an email you already have as HTML.
            </Text>
          )}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="templates" />
        </>
      )}
    </Page>
  );
}
