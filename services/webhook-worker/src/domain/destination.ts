/**
 * Where a webhook goes, as Herald judges it: its project and its URL's origin (undefined for a URL
 * that does not parse). One destination has one circuit and one share of a lane's sends.
 * Per project, never per origin alone: a project cannot make another project's deliveries to a
 * shared receiver fail fast, or move down, by failing or slowing its own there.
 */
export function destinationOf(projectId: string, url: string): string | undefined {
  try {
    return `${projectId} ${new URL(url).origin}`;
  } catch {
    return undefined;
  }
}
