import { Anchor, Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { useTemplates, type Channel } from './templates.queries';

const FILTERS = ['channel'] as const;

/** The project's templates, newest first, narrowed to one channel as the URL says; each opens its editor. */
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
      <PagedTable
        list={list}
        what="the templates"
        caption={`Templates${filters.channel ? ` for ${filters.channel}` : ''}, newest first`}
        columns={[
          {
            header: 'Name',
            cell: (t) => (
              <Anchor component={Link} to={`${base}/${t.id}`}>
                {t.name}
              </Anchor>
            ),
          },
          { header: 'Channel', cell: (t) => <Badge variant="light">{t.channel}</Badge> },
          { header: 'Subject', cell: (t) => t.subject ?? '—' },
          {
            header: 'Variables',
            cell: (t) => (
              <Text size="sm" ff="monospace">
                {t.variables.join(', ') || '—'}
              </Text>
            ),
          },
          { header: 'Last changed', cell: (t) => formatTime(t.updated_at) },
        ]}
        rowKey={(t) => t.id}
        empty={`No templates${filters.channel ? ` for ${filters.channel}` : ''} yet. Create one, or import an email you already have as HTML.`}
        page={page}
        onPage={setPage}
        unit="templates"
        highlightOnHover
      />
    </Page>
  );
}
