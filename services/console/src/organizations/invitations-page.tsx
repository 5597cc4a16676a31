import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
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
  const columns: Column<Invitation>[] = [
    { header: 'Address', cell: (invitation) => invitation.email },
    { header: 'Role', cell: (invitation) => invitation.role },
    { header: 'Status', cell: (invitation) => <StatusBadge status={invitation.status} /> },
    { header: 'Sent', cell: (invitation) => formatTime(invitation.created_at), td: noWrap },
    { header: 'Expires', cell: (invitation) => formatTime(invitation.expires_at), td: noWrap },
    {
      header: 'Actions',
      cell: (invitation) =>
        invitation.status === 'pending' &&
        may.invite(role) && (
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
        ),
    },
  ];
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
        <PagedTable
          list={invitations}
          what="the invitations"
          caption={
            shown === 'all'
              ? 'Invitations, newest first'
              : `${STATUSES.find((s) => s.value === shown)?.label ?? ''} invitations, newest first`
          }
          columns={columns}
          rowKey={(invitation) => invitation.id}
          empty="No invitation here."
          page={page}
          onPage={setPage}
          unit="invitations"
          highlightOnHover
          captionSide="top"
        />
        {acting && <InvitationDialog {...acting} onDone={setOutcome} onClose={() => setActing(undefined)} />}
      </Section>
    </>
  );
}
