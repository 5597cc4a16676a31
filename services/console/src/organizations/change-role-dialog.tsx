import { NativeSelect, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meKey } from '../auth/me.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { organizationKey, useOrganizationId, type Member } from './organization.query';
import { grantableRoles, ROLE_SUMMARY, type Role } from './roles';

interface Props {
  member: Member;
  viewerRole: Role | undefined;
  onClose(): void;
}

/** Picks a member's new role among those the viewer may grant; the api's 403 or 409 stays in the dialog. */
export function ChangeRoleDialog({ member, viewerRole, onClose }: Props) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const queries = useQueryClient();
  const [role, setRole] = useState<Role>(member.role);
  const change = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/organizations/{organization_id}/members/{user_id}', {
          params: { path: { organization_id: organizationId, user_id: member.user_id } },
          body: { role },
        }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queries.invalidateQueries({ queryKey: organizationKey(organizationId) }),
        queries.invalidateQueries({ queryKey: meKey }),
      ]);
      onClose();
    },
  });
  const roles = grantableRoles(viewerRole);
  return (
    <ConfirmDialog
      opened
      title={`Change the role of ${member.email}`}
      confirm="Save role"
      pending={change.isPending}
      error={change.error}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    >
      <NativeSelect
        label="New role"
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as Role)}
        data={roles.map((r) => ({ value: r, label: `${r}: ${ROLE_SUMMARY[r]}` }))}
      />
      <Text size="sm" c="dimmed">
        The new role holds from their next request on. Taken below admin, the invitations they sent here and that are still pending are
        revoked.
      </Text>
    </ConfirmDialog>
  );
}
