import { Alert, Anchor, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError, unwrap } from '../session/api-error';
import { useControlApi, useSessionStore } from '../session/session.context';
import { takeReturnPath } from './return-path';

/**
 * APP_URL/auth/verify?token=...: spends the token once (a React re-render must not spend it
 * twice: the second would be a 401), keeps the session, and goes where the person was going.
 */
export function VerifyMagicLinkPage() {
  const api = useControlApi();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const spent = useRef(false);

  useEffect(() => {
    document.title = 'Signing in · Herald';
    const token = params.get('token');
    if (spent.current) return;
    spent.current = true;
    if (!token) {
      setError('This link has no token. Ask for a new sign-in link.');
      return;
    }
    // The token leaves the address bar (and the history) before anything else happens.
    window.history.replaceState(null, '', '/auth/verify');
    api
      .POST('/auth/magic-link/verify', { body: { token } })
      .then((result) => {
        store.signedIn(unwrap(result));
        navigate(takeReturnPath(), { replace: true });
      })
      .catch((e) => setError(describeError(e)));
  }, [api, store, navigate, params]);

  return (
    <Center mih="100vh" component="main">
      <Paper withBorder p="xl" w={420}>
        <Stack>
          <Title order={1} size="h2">
            Signing in
          </Title>
          {error ? (
            <Alert color="red" role="alert" title="This sign-in link does not work">
              {error} Links work once and for a few minutes.{' '}
              <Anchor component={Link} to="/sign-in">
                Ask for a new one
              </Anchor>
              .
            </Alert>
          ) : (
            <Loader aria-label="Signing you in" />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
