import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { organizationKey, useOrganizationId, type Member } from './organization.query';

/** Removes someone else; leaving (removing oneself) is on the settings section. */
export function RemoveMemberDialog({ member, onClose }: { member: Member; onClose(): void }) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.DELETE('/organizations/{organization_id}/members/{user_id}', {
          params: { path: { organization_id: organizationId, user_id: member.user_id } },
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: organizationKey(organizationId) });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened
      danger
      title={`Remove ${member.email}?`}
      confirm="Remove member"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      {`They lose access to this organization and its projects at once; the invitations they sent here and that are still pending are revoked. To let them back in, invite them again.`}
    </ConfirmDialog>
  );
}
