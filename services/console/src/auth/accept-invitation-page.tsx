import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useApiClients } from '../session/session.context';
import { useOneTimeLink } from './one-time-link';
import { SigningInFrame } from './signing-in-frame';

/**
 * APP_URL/invitations/accept?token=...: the link in an invitation email. Accepting signs the
 * invited address in (whoever else was signed in here is replaced) and opens the organization.
 */
export function AcceptInvitationPage() {
  const { anonymous: api } = useApiClients();
  const queries = useQueryClient();
  const spend = useCallback(
    async (token: string) => {
      // The invitation names its own user: the answer is their session, whoever this browser had.
      const answer = unwrap(await api.POST('/invitations/accept', { body: { token } }));
      queries.clear();
      return answer;
    },
    [api, queries],
  );
  const error = useOneTimeLink(
    'token',
    spend,
    (answer) => `/organizations/${(answer as { organization_id?: string }).organization_id ?? ''}`,
  );
  return (
    <SigningInFrame
      title="Joining the organization"
      failedTitle="This invitation does not work"
      error={error && `${error} Invitations work once; ask whoever invited you for a new one.`}
    />
  );
}
