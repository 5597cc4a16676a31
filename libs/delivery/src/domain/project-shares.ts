/**
 * One project's share of a lane's send slots, judged by what it has in flight, not by how fast
 * its events arrive. A project may hold at most `perProject` sends of the lane at once. One more
 * of its deliveries waits for a slot of its own project; if none comes back within `moveAfterMs`,
 * its sends are slow (its receiver takes seconds, or times out) and it is *congested*: that
 * delivery, and every one of it that finds its share taken while it stays congested, is moved
 * to the lane below (the caller republishes it there), so the rest of this lane's queue, other
 * projects' deliveries, reaches the free slots instead of waiting behind its backlog.
 *
 * A project stops being congested at its first send that ends within `moveAfterMs`. A project
 * sending alone to a fast receiver never waits long enough to move, so a burst pays nothing but
 * the bound on its concurrency. State is kept only for projects with sends in flight or waiting.
 */
export type SlotVerdict = 'send' | 'move';

interface Waiter {
  resolve: (verdict: SlotVerdict) => void;
  timer: NodeJS.Timeout;
}

interface ProjectState {
  active: number;
  congested: boolean;
  waiting: Waiter[];
}

export class ProjectShares {
  private readonly projects = new Map<string, ProjectState>();

  constructor(
    readonly perProject: number,
    private readonly moveAfterMs: number,
  ) {}

  /** 'send' holds one of the project's slots until `release`; 'move' holds nothing. */
  acquire(projectId: string): Promise<SlotVerdict> | SlotVerdict {
    let state = this.projects.get(projectId);
    if (!state) {
      state = { active: 0, congested: false, waiting: [] };
      this.projects.set(projectId, state);
    }
    if (state.active < this.perProject) {
      state.active++;
      return 'send';
    }
    if (state.congested) return 'move';
    const project = state;
    return new Promise<SlotVerdict>((resolve) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => this.congest(project), this.moveAfterMs),
      };
      project.waiting.push(waiter);
    });
  }

  /** Gives the slot back; `sendMs` is how long the send took, which decides congestion. */
  release(projectId: string, sendMs: number): void {
    const state = this.projects.get(projectId);
    if (!state) return;
    if (sendMs < this.moveAfterMs) state.congested = false;
    const next = state.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve('send');
      return;
    }
    state.active--;
    if (state.active === 0) this.projects.delete(projectId);
  }

  /** Projects holding slots or waiting for them (for tests and metrics). */
  get tracked(): number {
    return this.projects.size;
  }

  /** Everyone of this project still waiting moves: its sends have been slow for `moveAfterMs`. */
  private congest(state: ProjectState): void {
    state.congested = true;
    for (const waiter of state.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.resolve('move');
    }
  }
}
