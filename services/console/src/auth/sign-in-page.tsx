import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useSearchParams } from 'react-router';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { OAuthButtons } from './oauth-buttons';
import { rememberReturnPath } from './return-path';

/** Email -> magic link; the link in the email opens /auth/verify, which signs in. */
export function SignInPage() {
  const api = useControlApi();
  const [email, setEmail] = useState('');
  const [params] = useSearchParams();
  useEffect(() => {
    document.title = 'Sign in · Herald';
    rememberReturnPath(params.get('next'));
  }, [params]);
  const request = useMutation({
    mutationFn: async (address: string) => unwrap(await api.POST('/auth/magic-link', { body: { email: address } })),
  });
  const fieldError = request.error instanceof ApiError ? request.error.fieldMessage('email') : undefined;
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h2">
            Sign in to Herald
          </Title>
          {request.isSuccess ? (
            <Alert color="green" title="Check your email" role="status">
              If {request.variables} can sign in, a link is on its way. It works once and for a few minutes; open it in this browser.
            </Alert>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                request.mutate(email.trim());
              }}
            >
              <Stack>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={fieldError}
                />
                <Button type="submit" loading={request.isPending}>
                  Email me a sign-in link
                </Button>
              </Stack>
            </form>
          )}
          {!fieldError && <ErrorAlert error={request.error} title="Could not send the link" />}
          <OAuthButtons />
          <Text size="xs" c="dimmed">
            No password: each sign-in link works once. New here? The first sign-in creates your account.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
