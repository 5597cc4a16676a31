import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { components } from '@herald/client';
import { describeError } from '../session/api-error';
import { useSessionStore } from '../session/session.context';
import { takeReturnPath } from './return-path';

type SignedIn = components['schemas']['TokenPair'];

/**
 * Spends the one-time value a link carries (`?token=` or `?code=`) exactly once (a second React
 * effect run must not spend it again: the api would answer 401), takes it out of the address bar
 * and the history first, keeps the session it answers and goes on to `next` (or where the person
 * was going). Answers the error in words when it fails.
 */
export function useOneTimeLink(
  param: 'token' | 'code',
  spend: (value: string, params: URLSearchParams) => Promise<SignedIn>,
  next?: (answer: SignedIn) => string,
) {
  const store = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const spent = useRef(false);
  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    const value = params.get(param);
    window.history.replaceState(null, '', window.location.pathname);
    if (!value) {
      setError(params.get('error_description') ?? 'This link is incomplete.');
      return;
    }
    spend(value, params)
      .then((answer) => {
        store.signedIn(answer);
        navigate(next?.(answer) ?? takeReturnPath(), { replace: true });
      })
      .catch((e) => setError(describeError(e)));
  }, [params, param, spend, store, navigate, next]);
  return error;
}
