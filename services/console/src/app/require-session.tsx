import { Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useApiClients, useSession } from '../session/session.context';

/**
 * Pages behind sign-in. On first load the session is restored from the refresh cookie; without
 * one the person goes to sign-in and comes back to where they were going afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const clients = useApiClients();
  const location = useLocation();
  useEffect(() => {
    if (session.status === 'restoring') void clients.refresh();
  }, [session.status, clients]);

  if (session.status === 'restoring')
    return (
      <Center h="100vh">
        <Loader aria-label="Restoring your session" />
      </Center>
    );
  if (session.status === 'signed-out') {
    const next = `${location.pathname}${location.search}`;
    const back = session.ended || next === '/' ? '' : `?next=${encodeURIComponent(next)}`;
    return <Navigate to={`/sign-in${back}`} replace />;
  }
  return <>{children}</>;
}
