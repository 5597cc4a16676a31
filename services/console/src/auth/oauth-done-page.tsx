import { useCallback } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { takeOAuthState } from './oauth-state';
import { useOneTimeLink } from './one-time-link';
import { SigningInFrame } from './signing-in-frame';

const REASONS: Record<string, string> = {
  access_denied: 'The sign-in was cancelled at the provider.',
  unverified_email: 'The provider does not vouch for that email address, so no account was made with it.',
  identity_in_use: 'That provider account is linked to another Herald user.',
  provider_error: 'The provider could not complete the sign-in.',
};

/** APP_URL/oauth/done?code=...&state=...: where Herald sends the person back from the provider. */
export function OAuthDonePage() {
  const api = useControlApi();
  const spend = useCallback(
    async (code: string, params: URLSearchParams) => {
      // A redirect this tab did not start (a link someone else made) signs nobody in here.
      if (!takeOAuthState(params.get('state'))) throw new ApiError(400, 'This sign-in was not started in this browser tab.');
      const answer = unwrap(await api.POST('/oauth/token', { body: { code } }));
      if (!('access_token' in answer)) throw new ApiError(400, 'That code connected an account instead of signing in.');
      return answer;
    },
    [api],
  );
  const error = useOneTimeLink('code', spend);
  const params = new URLSearchParams(window.location.search);
  const reason = REASONS[params.get('error') ?? ''];
  return <SigningInFrame title="Signing in" failedTitle="The sign-in did not finish" error={reason ?? error} />;
}
