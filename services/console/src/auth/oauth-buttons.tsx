import { Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';

const LABELS: Record<string, string> = { github: 'GitHub', google: 'Google', oidc: 'single sign-on' };

/** One button per OAuth provider this Herald has enabled (GET /oauth/providers); none when there is none. */
export function OAuthButtons() {
  const api = useControlApi();
  const providers = useQuery({ queryKey: ['oauth-providers'], queryFn: async () => unwrap(await api.GET('/oauth/providers')) });
  const names = providers.data?.providers.map((p) => p.name) ?? [];
  if (names.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {names.map((name) => (
        <Button key={name} variant="default" component="a" href={`/api/v1/oauth/${name}/authorize`}>
          Continue with {LABELS[name] ?? name}
        </Button>
      ))}
    </Stack>
  );
}
