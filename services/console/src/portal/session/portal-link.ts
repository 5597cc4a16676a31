/**
 * The portal's address is `/portal/<project_id>#code=<code>`: the code travels in the fragment, so
 * it never reaches a server or a Referer. It is single use and read once, then taken out of the
 * address bar (and the history entry) before anything else runs, so a reload, a bookmark or a
 * shared screen never carries it.
 */
export function takeCode(location: Location = window.location, history: History = window.history): string | undefined {
  const match = /^#code=([^&]+)/.exec(location.hash);
  if (!match) return undefined;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    // A mangled fragment is a link that cannot work: the api refuses it as any unknown code.
    return match[1];
  }
}

/** The project in `/portal/<project_id>`, which keeps one project's session apart from another's in the same tab. */
export function portalProjectId(pathname: string = window.location.pathname): string {
  return /^\/portal\/([^/]+)/.exec(pathname)?.[1] ?? '';
}
