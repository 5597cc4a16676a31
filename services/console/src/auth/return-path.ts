const KEY = 'herald.return-path';

/**
 * Where to go after signing in. The magic link opens in a new page load, so the path waits in
 * sessionStorage (a path, never a token), and only same-origin paths are taken back.
 */
export function rememberReturnPath(path: string | null): void {
  if (path && path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(KEY, path);
}

export function takeReturnPath(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
