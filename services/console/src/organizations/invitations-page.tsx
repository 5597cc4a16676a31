import { Button, Group, Loader, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FilterForm } from '../shared/filter-form';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Pager } from '../shared/pager';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { InvitationDialog, type InvitationAction } from './invitation-dialogs';
import { InviteForm } from './invite-form';
import { useInvitations, useMembership, type Invitation, type InvitationStatus } from './organization.query';
import { may } from './roles';
import { Section } from './section';

const KEYS = ['status'] as const;
const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'revoked', label: 'Revoked' },
  { value: 'expired', label: 'Expired' },
  { value: 'all', label: 'Any status' },
];

/** Without a status in the URL the list shows what needs attention: the pending invitations. */
function statusOf(value: string): InvitationStatus | undefined {
  if (value === 'all') return undefined;
  return (STATUSES.some((s) => s.value === value) ? value : 'pending') as InvitationStatus;
}

/** The status to list, applied on submit; remounted (key) when the URL changes, e.g. with the back button. */
function StatusFilter({ value, onApply }: { value: string; onApply(status: string): void }) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterForm
      label="invitations"
      onApply={() => onApply(draft)}
      onClear={() => {
        setDraft('pending');
        onApply('pending');
      }}
    >
      <NativeSelect label="Status" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} data={STATUSES} />
    </FilterForm>
  );
}

/** Invite people, and see, resend or revoke the invitations (admins and owners; the api refuses others with 403). */
export function InvitationsPage() {
  const { membership } = useMembership();
  const { filters, page, setFilters, setPage } = useUrlFilters(KEYS);
  const shown = filters.status || 'pending';
  const invitations = useInvitations(statusOf(shown), page);
  const [outcome, setOutcome] = useState<string>();
  const [acting, setActing] = useState<{ invitation: Invitation; action: InvitationAction }>();
  const role = membership?.role;
  return (
    <>
      {may.invite(role) && (
        <Section title="Invite someone">
          <InviteForm viewerRole={role} />
        </Section>
      )}
      <Section title="Invitations">
        <StatusFilter key={shown} value={shown} onApply={(status) => setFilters({ status: status === 'pending' ? '' : status })} />
        {outcome && (
          <Text size="sm" role="status">
            {outcome}
          </Text>
        )}
        <ErrorAlert error={invitations.error} title="Could not load the invitations" />
        {invitations.isLoading && <Loader aria-label="Loading invitations" />}
        {invitations.data && (
          <>
            <Table striped highlightOnHover captionSide="top">
              <Table.Caption>
                {shown === 'all'
                  ? 'Invitations, newest first'
                  : `${STATUSES.find((s) => s.value === shown)?.label ?? ''} invitations, newest first`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Address</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Sent</Table.Th>
                  <Table.Th scope="col">Expires</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.data.items.map((invitation) => (
                  <Table.Tr key={invitation.id}>
                    <Table.Td>{invitation.email}</Table.Td>
                    <Table.Td>{invitation.role}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={invitation.status} />
                    </Table.Td>
                    <Table.Td>{formatTime(invitation.created_at)}</Table.Td>
                    <Table.Td>{formatTime(invitation.expires_at)}</Table.Td>
                    <Table.Td>
                      {invitation.status === 'pending' && may.invite(role) && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => setActing({ invitation, action: 'resend' })}
                            aria-label={`Resend the invitation to ${invitation.email}`}
                          >
                            Resend
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            onClick={() => setActing({ invitation, action: 'revoke' })}
                            aria-label={`Revoke the invitation to ${invitation.email}`}
                          >
                            Revoke
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {invitations.data.items.length === 0 && <Text>No invitation here.</Text>}
            <Pager
              page={page}
              totalPages={invitations.data.total_pages}
              total={invitations.data.total}
              onChange={setPage}
              label="invitations"
            />
          </>
        )}
        {acting && <InvitationDialog {...acting} onDone={setOutcome} onClose={() => setActing(undefined)} />}
      </Section>
    </>
  );
}
