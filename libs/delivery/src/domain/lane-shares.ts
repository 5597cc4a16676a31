import type { Lane } from '@herald/contracts';
import type { SendShares } from './send-shares';

/** The destination a delivery's send goes to (a webhook's project and URL origin); undefined: none to judge by. */
export type DestinationOf = (projectId: string, recipient: string) => string | undefined;

/**
 * A lane's fair shares (absent in the last lane and in `system`): per project, and where the
 * channel names destinations, per destination within a project, a smaller share. A destination
 * whose slow sends hold its share moves on to `lane` before it can take its project's whole
 * share, so the project's other destinations (its other customers' endpoints) keep this lane.
 */
export interface LaneShares {
  projects: SendShares;
  destinations?: { shares: SendShares; of: DestinationOf };
  lane: Lane;
  from: Lane;
}

export type ShareVerdict = { kind: 'send'; release: () => void } | { kind: 'move'; by: 'project' | 'destination' };

/** Takes the delivery's destination slot, then its project's; a 'send' holds both until `release`. */
export async function takeShare(shares: LaneShares, projectId: string, recipient: string): Promise<ShareVerdict> {
  const destinations = shares.destinations;
  const destination = destinations?.of(projectId, recipient);
  if (destination !== undefined && (await destinations!.shares.acquire(destination)) === 'move') return { kind: 'move', by: 'destination' };
  const releaseDestination = () => {
    if (destination !== undefined) destinations!.shares.release(destination);
  };
  if ((await shares.projects.acquire(projectId)) === 'move') {
    releaseDestination();
    return { kind: 'move', by: 'project' };
  }
  return {
    kind: 'send',
    release: () => {
      shares.projects.release(projectId);
      releaseDestination();
    },
  };
}
