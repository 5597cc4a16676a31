import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { meKey } from '../auth/me.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useOrganizationId } from './organization.query';

/** After leaving or deleting, this organization is gone for the user: back home with a fresh list. */
function useGoneHome() {
  const queries = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queries.invalidateQueries({ queryKey: meKey });
    queries.removeQueries({ queryKey: ['organizations'] });
    navigate('/', { replace: true });
  };
}

/** Any member may leave; the last owner may not (the api's 409 says so in the dialog). */
export function LeaveButton({ userId, name }: { userId: string; name: string }) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const goneHome = useGoneHome();
  const [asking, setAsking] = useState(false);
  const leave = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.DELETE('/organizations/{organization_id}/members/{user_id}', {
          params: { path: { organization_id: organizationId, user_id: userId } },
        }),
      ),
    onSuccess: goneHome,
  });
  return (
    <>
      <Button variant="light" color="red" onClick={() => setAsking(true)}>
        Leave organization
      </Button>
      <ConfirmDialog
        opened={asking}
        danger
        title={`Leave ${name}?`}
        confirm="Leave organization"
        pending={leave.isPending}
        error={leave.error}
        onConfirm={() => leave.mutate()}
        onClose={() => {
          setAsking(false);
          leave.reset();
        }}
      >
        You lose access to this organization and its projects at once, and the invitations you sent here and that are still pending are
        revoked. Only a new invitation lets you back in.
      </ConfirmDialog>
    </>
  );
}

/** Owners only; the api refuses (409) while projects remain, and the dialog says what to do. */
export function DeleteButton({ name }: { name: string }) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const goneHome = useGoneHome();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: async () =>
      unwrap(await api.DELETE('/organizations/{organization_id}', { params: { path: { organization_id: organizationId } } })),
    onSuccess: goneHome,
  });
  return (
    <>
      <Button color="red" onClick={() => setAsking(true)}>
        Delete organization
      </Button>
      <ConfirmDialog
        opened={asking}
        danger
        title={`Delete ${name}?`}
        confirm="Delete organization"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setAsking(false);
          remove.reset();
        }}
      >
        <Text size="sm">
          Its members, pending invitations (their links stop working) and audit log go with it. This cannot be undone. An organization with
          projects cannot be deleted: delete its projects first.
        </Text>
      </ConfirmDialog>
    </>
  );
}
