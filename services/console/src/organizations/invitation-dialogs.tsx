import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { organizationKey, useOrganizationId, type Invitation } from './organization.query';

export type InvitationAction = 'revoke' | 'resend';

/**
 * Revoke, or resend. The api has no "resend": a pending invitation blocks a second one for the
 * same address, so resending revokes it (its link stops working) and invites again with the same
 * role, and the dialog says so.
 */
interface Props {
  invitation: Invitation;
  action: InvitationAction;
  /** What happened, in a sentence, for the page to show. */
  onDone(outcome: string): void;
  onClose(): void;
}

export function InvitationDialog({ invitation, action, onDone, onClose }: Props) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const queries = useQueryClient();
  const act = useMutation({
    mutationFn: async () => {
      unwrap(
        await api.DELETE('/organizations/{organization_id}/invitations/{invitation_id}', {
          params: { path: { organization_id: organizationId, invitation_id: invitation.id } },
        }),
      );
      if (action === 'resend') {
        unwrap(
          await api.POST('/organizations/{organization_id}/invitations', {
            params: { path: { organization_id: organizationId } },
            body: { email: invitation.email, role: invitation.role },
          }),
        );
      }
    },
    onSuccess: () => {
      onDone(
        action === 'resend'
          ? `Invitation sent again: ${invitation.email} gets a new email; the link in the old one no longer works.`
          : `Invitation revoked: the link sent to ${invitation.email} no longer works.`,
      );
      onClose();
    },
    // After a resend whose second half failed the old invitation is gone: the list must show it.
    onSettled: () => queries.invalidateQueries({ queryKey: organizationKey(organizationId) }),
  });
  const resend = action === 'resend';
  return (
    <ConfirmDialog
      opened
      danger={!resend}
      title={resend ? `Resend the invitation to ${invitation.email}?` : `Revoke the invitation to ${invitation.email}?`}
      confirm={resend ? 'Revoke and invite again' : 'Revoke invitation'}
      pending={act.isPending}
      error={act.error}
      onConfirm={() => act.mutate()}
      onClose={onClose}
    >
      {resend
        ? `Resending revokes this invitation (the link in the email already sent stops working) and sends a new invitation to the same address as ${invitation.role}, valid for 7 days.`
        : 'The link in the invitation email stops working at once. You can invite the address again later.'}
    </ConfirmDialog>
  );
}
