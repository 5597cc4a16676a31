import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { formatTime } from '../shared/format';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { ChangeRoleDialog } from './change-role-dialog';
import { useMembers, useMembership, type Member } from './organization.query';
import { RemoveMemberDialog } from './remove-member-dialog';
import { may } from './roles';
import { Section } from './section';

const NO_FILTERS: readonly never[] = [];

/** The members with their roles; admins and owners change roles and remove people, as far as their own role allows. */
export function MembersPage() {
  const { me, membership } = useMembership();
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const members = useMembers(page);
  const [changing, setChanging] = useState<Member>();
  const [removing, setRemoving] = useState<Member>();
  const role = membership?.role;
  const selfId = me.data?.id;
  const columns: Column<Member>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <>
          <Text size="sm">
            {member.email}
            {member.user_id === selfId && ' (you)'}
          </Text>
          {member.name && (
            <Text size="xs" c="dimmed">
              {member.name}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Role',
      cell: (member) => (
        <Badge variant="light" tt="none">
          {member.role}
        </Badge>
      ),
    },
    { header: 'Joined', cell: (member) => formatTime(member.joined_at), td: noWrap },
  ];
  const actions: Column<Member> = {
    header: 'Actions',
    cell: (member) => (
      <Group gap="xs" wrap="nowrap">
        {may.changeRoleOf(role, member.role) && (
          <Button size="compact-sm" variant="default" onClick={() => setChanging(member)} aria-label={`Change role of ${member.email}`}>
            Change role
          </Button>
        )}
        {member.user_id !== selfId && may.remove(role, member.role) && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => setRemoving(member)} aria-label={`Remove ${member.email}`}>
            Remove
          </Button>
        )}
      </Group>
    ),
  };
  return (
    <Section title="Members">
      {!may.manageMembers(role) && membership && (
        <Text size="sm" c="dimmed">
          Admins and owners manage members; as {role} you can see who belongs here.
        </Text>
      )}
      <PagedTable
        list={members}
        what="the members"
        caption="Members of this organization, oldest first"
        columns={may.manageMembers(role) ? [...columns, actions] : columns}
        rowKey={(member) => member.user_id}
        empty="No member."
        page={page}
        onPage={setPage}
        unit="members"
        highlightOnHover
        captionSide="top"
      />
      {changing && <ChangeRoleDialog member={changing} viewerRole={role} onClose={() => setChanging(undefined)} />}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(undefined)} />}
    </Section>
  );
}
