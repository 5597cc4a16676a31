const KEY = 'herald.oauth-state';

/** The state of the sign-in this tab started, compared when the provider sends the person back. */
export function rememberOAuthState(state: string): void {
  sessionStorage.setItem(KEY, state);
}

/** True once for the state this tab started; a redirect this tab did not start is refused. */
export function takeOAuthState(state: string | null): boolean {
  const expected = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return Boolean(state && expected && state === expected);
}
