import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi, useSession } from '../session/session.context';

export const meKey = ['me'] as const;

/** The signed-in user with their organizations and roles (GET /auth/me). */
export function useMe() {
  const api = useControlApi();
  const session = useSession();
  return useQuery({
    queryKey: [...meKey, session.status === 'signed-in' ? session.user.id : null],
    queryFn: async () => unwrap(await api.GET('/auth/me')),
    enabled: session.status === 'signed-in',
  });
}
