import { Button, Divider, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { rememberOAuthState } from './oauth-state';

const LABELS: Record<string, string> = { github: 'GitHub', google: 'Google', oidc: 'single sign-on' };

/**
 * One button per OAuth provider this Herald has enabled (GET /oauth/providers); none when there is
 * none. Herald runs the exchange (PKCE, state, nonce); the console only sends the person to the
 * provider and, back at /oauth/done, redeems the one-time code.
 */
export function OAuthButtons() {
  const api = useControlApi();
  const providers = useQuery({ queryKey: ['oauth-providers'], queryFn: async () => unwrap(await api.GET('/oauth/providers')) });
  const start = useMutation({
    mutationFn: async (provider: string) =>
      unwrap(
        await api.POST('/oauth/{provider}/authorize', {
          params: { path: { provider } },
          body: { redirect_uri: `${window.location.origin}/oauth/done`, intent: 'login' },
        }),
      ),
    onSuccess: (answer) => {
      rememberOAuthState(answer.state);
      window.location.assign(answer.authorization_url);
    },
  });
  const names = providers.data?.providers.map((p) => p.name) ?? [];
  if (names.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {names.map((name) => (
        <Button key={name} variant="default" onClick={() => start.mutate(name)} loading={start.isPending && start.variables === name}>
          Continue with {LABELS[name] ?? name}
        </Button>
      ))}
      <ErrorAlert error={start.error} title="Could not reach the provider" />
    </Stack>
  );
}
