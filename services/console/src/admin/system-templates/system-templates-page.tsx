import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../shared/page';
import { PagedTable, type Column } from '../../shared/paged-table';
import { useUrlFilters } from '../../shared/url-filters';
import { useSystemTemplates, type SystemTemplate } from './system-templates.query';
import { ChangedBy, StateBadge } from './template-state';

const NO_FILTERS: readonly never[] = [];

const COLUMNS: Column<SystemTemplate>[] = [
  {
    header: 'Name',
    cell: (t) => (
      <Anchor component={Link} to={encodeURIComponent(t.name)} ff="monospace">
        {t.name}
      </Anchor>
    ),
  },
  { header: 'What it is', cell: (t) => t.description },
  { header: 'In use', cell: (t) => <StateBadge template={t} /> },
  { header: 'Subject', cell: (t) => t.subject },
  { header: 'Replaced', cell: (t) => <ChangedBy template={t} /> },
];

/** Herald's own emails (sign-in link, invitation): each as the next one will go out. */
export function SystemTemplatesPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const templates = useSystemTemplates(page);
  return (
    <Page title="System templates">
      <Text size="sm" c="dimmed">
        The emails Herald sends itself. A replacement is used from the next such email; resetting goes back to the built-in one.
      </Text>
      <PagedTable
        list={templates}
        what="the system templates"
        caption="Herald's own email templates"
        columns={COLUMNS}
        rowKey={(t) => t.name}
        empty="No system template."
        page={page}
        onPage={setPage}
        unit="templates"
        minWidth={800}
      />
    </Page>
  );
}
