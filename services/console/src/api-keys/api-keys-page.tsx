import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useProjectId } from '../projects/current-project';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { useApiKeys, type ApiKey } from './api-keys.query';
import { describeScopes } from './scopes';
import { CreateKeyButton } from './create-key-button';
import { RevokeKeyModal } from './revoke-key-modal';
import { RotateKeyModal } from './rotate-key-modal';
import { RotateSigningSecret } from './rotate-signing-secret';

const NO_FILTERS: readonly never[] = [];

/** The project's API keys (status, scopes, last use) and its webhook signing secret. */
export function ApiKeysPage() {
  const projectId = useProjectId();
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const keys = useApiKeys(projectId, page);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Page title="API keys" actions={<CreateKeyButton projectId={projectId} />}>
      <Text size="sm" c="dimmed">
        Services send events with a key in the X-API-Key header; each key can do what its scopes allow. Developers, admins and owners manage
        keys; admins and owners rotate the signing secret.
      </Text>
      <PagedTable
        list={keys}
        what="the keys"
        caption="API keys of this project, newest first"
        columns={keyColumns(setRotating, setRevoking)}
        rowKey={(key) => key.id}
        empty="No key yet: create one to send events from your services."
        page={page}
        onPage={setPage}
        unit="keys"
        highlightOnHover
        minWidth={800}
      />
      <RotateSigningSecret projectId={projectId} />
      <RotateKeyModal projectId={projectId} apiKey={rotating} onClose={() => setRotating(null)} />
      <RevokeKeyModal projectId={projectId} apiKey={revoking} onClose={() => setRevoking(null)} />
    </Page>
  );
}

/** A key's columns; the last holds its actions, which open the page's rotate and revoke dialogs. */
function keyColumns(onRotate: (key: ApiKey) => void, onRevoke: (key: ApiKey) => void): Column<ApiKey>[] {
  return [
    { header: 'Name', cell: (key) => key.name },
    {
      header: 'Key',
      cell: (key) => (
        <Text ff="monospace" size="sm">
          {key.prefix}…
        </Text>
      ),
    },
    {
      header: 'Scopes',
      cell: (key) => (
        <Text size="xs" ff="monospace">
          {describeScopes(key.scopes)}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (key) => (
        <>
          <StatusBadge status={key.status} />
          {key.replaced_by && (
            <Text size="xs" c="dimmed">
              rotated
            </Text>
          )}
        </>
      ),
      td: noWrap,
    },
    { header: 'Last used', cell: (key) => (key.last_used_at ? formatTime(key.last_used_at) : 'Never') },
    {
      header: 'Expires',
      cell: (key) => (key.revoked_at ? `Revoked ${formatTime(key.revoked_at)}` : key.expires_at ? formatTime(key.expires_at) : 'Never'),
    },
    { header: 'Created', cell: (key) => formatTime(key.created_at) },
    { header: 'Actions', cell: (key) => <KeyActions apiKey={key} onRotate={onRotate} onRevoke={onRevoke} /> },
  ];
}

function KeyActions({ apiKey, onRotate, onRevoke }: { apiKey: ApiKey; onRotate(key: ApiKey): void; onRevoke(key: ApiKey): void }) {
  const usable = apiKey.status === 'active' || apiKey.status === 'expiring';
  // A key is rotated once: the replaced one shows who replaced it and cannot be rotated again.
  const rotatable = usable && !apiKey.replaced_by;
  if (!usable) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {rotatable && (
        <Button size="xs" variant="light" onClick={() => onRotate(apiKey)} aria-label={`Rotate ${apiKey.name}`}>
          Rotate
        </Button>
      )}
      <Button size="xs" variant="light" color="red" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
    </Group>
  );
}
