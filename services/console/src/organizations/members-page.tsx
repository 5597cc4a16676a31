import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Pager } from '../shared/pager';
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
  return (
    <Section title="Members">
      {!may.manageMembers(role) && membership && (
        <Text size="sm" c="dimmed">
          Admins and owners manage members; as {role} you can see who belongs here.
        </Text>
      )}
      <ErrorAlert error={members.error} title="Could not load the members" />
      {members.isLoading && <Loader aria-label="Loading members" />}
      {members.data && (
        <>
          <Table striped highlightOnHover captionSide="top">
            <Table.Caption>Members of this organization, oldest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Member</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Joined</Table.Th>
                {may.manageMembers(role) && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.items.map((member) => {
                const self = member.user_id === selfId;
                return (
                  <Table.Tr key={member.user_id}>
                    <Table.Td>
                      <Text size="sm">
                        {member.email}
                        {self && ' (you)'}
                      </Text>
                      {member.name && (
                        <Text size="xs" c="dimmed">
                          {member.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {member.role}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatTime(member.joined_at)}</Table.Td>
                    {may.manageMembers(role) && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {may.changeRoleOf(role, member.role) && (
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => setChanging(member)}
                              aria-label={`Change role of ${member.email}`}
                            >
                              Change role
                            </Button>
                          )}
                          {!self && may.remove(role, member.role) && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="red"
                              onClick={() => setRemoving(member)}
                              aria-label={`Remove ${member.email}`}
                            >
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Pager page={page} totalPages={members.data.total_pages} total={members.data.total} onChange={setPage} label="members" />
        </>
      )}
      {changing && <ChangeRoleDialog member={changing} viewerRole={role} onClose={() => setChanging(undefined)} />}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(undefined)} />}
    </Section>
  );
}
