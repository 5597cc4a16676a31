import { useCallback } from 'react';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { useOneTimeLink } from './one-time-link';
import { SigningInFrame } from './signing-in-frame';

/** APP_URL/auth/verify?token=...: the link in the sign-in email. */
export function VerifyMagicLinkPage() {
  const api = useControlApi();
  const spend = useCallback(async (token: string) => unwrap(await api.POST('/auth/magic-link/verify', { body: { token } })), [api]);
  const error = useOneTimeLink('token', spend);
  return (
    <SigningInFrame
      title="Signing in"
      failedTitle="This sign-in link does not work"
      error={error && `${error} Links work once and for a few minutes.`}
    />
  );
}
