import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { organizationKey, useOrganizationId } from './organization.query';
import { grantableRoles, ROLE_SUMMARY, type Role } from './roles';

/** A 409 in words: the api refuses a second pending invitation and an invitation of a member. */
function explain(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 409) {
    return new Error(`${error.detail}. To send a pending invitation again, use Resend in the list below.`);
  }
  return error;
}

/** Invites an address with one of the roles the viewer may grant; the email goes out at once. */
export function InviteForm({ viewerRole }: { viewerRole: Role | undefined }) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const invite = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/organizations/{organization_id}/invitations', {
          params: { path: { organization_id: organizationId } },
          body: { email: email.trim(), role },
        }),
      ),
    onSuccess: async () => {
      setEmail('');
      await queries.invalidateQueries({ queryKey: organizationKey(organizationId) });
    },
  });
  const fieldError = (name: string) => (invite.error instanceof ApiError ? invite.error.fieldMessage(name) : undefined);
  const fieldRefused = Boolean(fieldError('email') || fieldError('role'));
  return (
    <form
      aria-label="Invite someone"
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate();
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email address"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldError('email')}
          maxLength={254}
          w={320}
        />
        <NativeSelect
          label="Role"
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as Role)}
          error={fieldError('role')}
          data={grantableRoles(viewerRole).map((r) => ({ value: r, label: `${r}: ${ROLE_SUMMARY[r]}` }))}
        />
        <Button type="submit" loading={invite.isPending} mt={25}>
          Send invitation
        </Button>
      </Group>
      {invite.data && (
        <Text size="sm" role="status" mt="xs">
          Invitation sent: {invite.data.email} is invited as {invite.data.role}; the email is on its way.
        </Text>
      )}
      {!fieldRefused && <ErrorAlert error={explain(invite.error)} title="Could not send the invitation" />}
    </form>
  );
}
