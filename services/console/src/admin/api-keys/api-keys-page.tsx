import { Code, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatTime, shortId } from '../../shared/format';
import { Page } from '../../shared/page';
import { noWrap, PagedTable, type Column } from '../../shared/paged-table';
import { StatusBadge } from '../../shared/status-badge';
import { useUrlFilters } from '../../shared/url-filters';
import { useAdminPermissions } from '../admin-permissions';
import { useAdminApiKeys, type AdminApiKey } from './admin-api-keys.query';
import { KEY_FILTER_KEYS, KeyFilterForm } from './key-filters';
import { KeyLookup } from './key-lookup';

const COLUMNS: Column<AdminApiKey>[] = [
  { header: 'Name', cell: (key) => key.name },
  { header: 'Prefix', cell: (key) => <Code>{key.prefix}</Code> },
  { header: 'Status', cell: (key) => <StatusBadge status={key.status} /> },
  { header: 'Organization', cell: (key) => shortId(key.organization_id), td: (key) => ({ title: key.organization_id }) },
  { header: 'Project', cell: (key) => shortId(key.project_id), td: (key) => ({ title: key.project_id }) },
  { header: 'Last used', cell: (key) => formatTime(key.last_used_at), td: noWrap },
  { header: 'Created', cell: (key) => formatTime(key.created_at), td: noWrap },
];

/** Every project's keys, without secrets: find the one a leaked secret belongs to and revoke it. */
export function AdminApiKeysPage() {
  const [params] = useSearchParams();
  const { has } = useAdminPermissions();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(KEY_FILTER_KEYS);
  const keys = useAdminApiKeys(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="API keys">
      {has('api_keys:read') && <KeyLookup mayRevoke={has('api_keys:write')} />}
      <Title order={2} size="h4">
        Every project&apos;s keys
      </Title>
      <KeyFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <PagedTable
        list={keys}
        what="the keys"
        caption={filtered ? 'Keys matching the filters, newest first' : 'Keys of every project, newest first'}
        columns={COLUMNS}
        rowKey={(key) => key.id}
        empty={filtered ? 'No key matches these filters.' : 'No key yet.'}
        page={page}
        onPage={setPage}
        unit="keys"
      />
    </Page>
  );
}
