import { Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ShownOnce } from '../../shared/shown-once';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime, localInputToIso } from '../../shared/format';
import { Pager } from '../../shared/pager';
import { ConfirmModal } from './confirm-modal';
import { useCredentials, useIssueCredential, useRevokeCredential, type Credential, type SystemAccount } from './system-accounts.query';

/** The account's credentials (never their secrets), issuing a new one and revoking one. */
export function Credentials({ account, writer }: { account: SystemAccount; writer: boolean }) {
  const [page, setPage] = useState(1);
  const credentials = useCredentials(account.id, page);
  const [revoking, setRevoking] = useState<Credential | null>(null);
  return (
    <Stack component="section" aria-labelledby="credentials-heading" gap="sm">
      <Title order={2} size="h4" id="credentials-heading">
        Credentials
      </Title>
      <ErrorAlert error={credentials.error} title="Could not load the credentials" />
      {credentials.isLoading && <Loader aria-label="Loading credentials" />}
      {credentials.data && (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table striped verticalSpacing="sm">
              <Table.Caption>Credentials of {account.name}, oldest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Credential</Table.Th>
                  <Table.Th scope="col">Issued</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  {writer && <Table.Th scope="col">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {credentials.data.items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {c.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatTime(c.created_at)}</Table.Td>
                    <Table.Td>{c.expires_at ? formatTime(c.expires_at) : 'never'}</Table.Td>
                    {writer && (
                      <Table.Td>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking(c)}
                          aria-label={`Revoke credential ${c.id}`}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {credentials.data.items.length === 0 && <Text size="sm">No credential: the account cannot be used yet.</Text>}
          <Pager
            page={page}
            totalPages={credentials.data.total_pages}
            total={credentials.data.total}
            onChange={setPage}
            label="credentials"
          />
        </>
      )}
      {writer && <IssueCredential account={account} />}
      {writer && <RevokeCredential accountId={account.id} credential={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}

function IssueCredential({ account }: { account: SystemAccount }) {
  const issue = useIssueCredential(account.id);
  const [expires, setExpires] = useState('');
  const failure = issue.error instanceof ApiError ? issue.error : undefined;
  return (
    <Stack gap="sm">
      <form
        aria-label="Issue a credential"
        onSubmit={(e) => {
          e.preventDefault();
          issue.mutate(localInputToIso(expires));
        }}
      >
        <Group align="flex-end">
          <TextInput
            type="datetime-local"
            label="Expires (optional)"
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
            error={failure?.fieldMessage('expires_at')}
          />
          <Button type="submit" loading={issue.isPending}>
            Issue credential
          </Button>
        </Group>
      </form>
      {issue.error && !failure?.fieldMessage('expires_at') ? <ErrorAlert error={issue.error} title="No credential issued" /> : null}
      {issue.data && (
        <ShownOnce
          label="New credential secret"
          secret={issue.data.secret}
          warning={`Send it as "Authorization: Bearer <secret>" to the administration api; it acts with ${account.name}'s permissions. Herald keeps only its hash.`}
        />
      )}
    </Stack>
  );
}

function RevokeCredential({ accountId, credential, onClose }: { accountId: string; credential: Credential | null; onClose(): void }) {
  const revoke = useRevokeCredential(accountId);
  const close = () => {
    onClose();
    revoke.reset();
  };
  return (
    <ConfirmModal
      opened={credential !== null}
      title="Revoke this credential?"
      consequence={`Every request with credential ${credential?.id ?? ''} is refused (401) from the next one. This cannot be undone.`}
      confirmLabel="Revoke credential"
      pending={revoke.isPending}
      error={revoke.error}
      errorTitle="Not revoked"
      onClose={close}
      onConfirm={() =>
        credential &&
        revoke.mutate(credential.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Credential revoked' });
            close();
          },
        })
      }
    />
  );
}
