import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useControlApi, useSessionStore } from '../session/session.context';

/**
 * Ends this session or every one of the user's (POST /auth/logout), clears the refresh cookie,
 * forgets every cached answer and goes to sign-in. The cookie and the cached data go even when the
 * api could not be reached: a person who pressed "sign out" is signed out of this browser.
 */
export function useSignOut() {
  const api = useControlApi();
  const store = useSessionStore();
  const queries = useQueryClient();
  const navigate = useNavigate();
  return async (all: boolean) => {
    await api.POST('/auth/logout', { body: { all } }).catch(() => undefined);
    store.signedOut(true);
    queries.clear();
    navigate('/sign-in', { replace: true });
  };
}
