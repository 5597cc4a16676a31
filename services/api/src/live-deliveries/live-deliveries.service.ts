import type { ServerResponse } from 'node:http';
import type { Logger } from '@herald/logger';
import type { DeliveryFeedRepository, StreamFilters } from './delivery-feed.repository';
import type { DeliveryFeed } from './delivery-feed';
import { DeliveryStream } from './delivery-stream';
import { liveDeliveryOf } from './live-delivery';
import type { StreamLimits } from './stream-limits';

/** The resume window openapi.yaml documents: how old the named attempt may be, and how much is replayed. */
export const RESUME_WINDOW_S = 300;
export const RESUME_MAX_REPLAYED = 1000;
/** Attempts of every project a resume may scan past: bounds its read on a busy platform. */
const RESUME_MAX_SCANNED = 50_000n;
export const HEARTBEAT_MS = 15_000;

export interface StreamRequest {
  projectId: string;
  /** `key:<id>` or `user:<id>`: whose slots the stream takes. */
  caller: string;
  filters: StreamFilters;
  lastEventId?: string;
  res: ServerResponse;
}

/** Opens live delivery streams within their limits, resumes them, and ends them all at shutdown. */
export class LiveDeliveriesService {
  private readonly streams = new Set<DeliveryStream>();
  private closing = false;

  constructor(
    private readonly feed: DeliveryFeed,
    private readonly repo: DeliveryFeedRepository,
    private readonly limits: StreamLimits,
    private readonly bufferBytes: number,
    private readonly logger: Logger,
  ) {}

  /** Throws `throttled` past a limit (before anything is written); otherwise the stream is open and owns the response. */
  async open(request: StreamRequest): Promise<void> {
    const release = this.limits.take(request.caller);
    const stream = new DeliveryStream(request.res, {
      projectId: request.projectId,
      filters: request.filters,
      bufferBytes: this.bufferBytes,
      heartbeatMs: HEARTBEAT_MS,
      onEnd: (reason) => {
        this.feed.leave(stream);
        this.streams.delete(stream);
        release();
        if (reason === 'slow viewer')
          this.logger.info('live delivery stream dropped: its viewer reads too slowly', { project_id: request.projectId });
      },
    });
    let joinedAt: bigint;
    try {
      joinedAt = await this.feed.join(stream);
    } catch (err) {
      stream.end('viewer left');
      throw err;
    }
    if (stream.isEnded) return;
    this.streams.add(stream);
    stream.open();
    if (this.closing) {
      stream.end('shutdown');
      return;
    }
    const preface = await this.preface(request, joinedAt).catch((err: Error) => {
      this.logger.warn('live delivery resume failed; the stream starts afresh', { error: err.message });
      return frame('reset', joinedAt, { cursor: joinedAt.toString(), reason: 'the missed deliveries could not be read' });
    });
    stream.live(preface, joinedAt);
  }

  /** Ends every stream (api shutdown): the viewers reconnect elsewhere with Last-Event-ID. */
  closeAll(): void {
    this.closing = true;
    for (const stream of [...this.streams]) stream.end('shutdown');
  }

  /** The replay of a resume followed by `ready`, or `reset` when the gap cannot be replayed. */
  private async preface({ projectId, filters, lastEventId }: StreamRequest, joinedAt: bigint): Promise<string> {
    const cursor = joinedAt.toString();
    if (lastEventId === undefined) return frame('ready', joinedAt, { cursor, resumed: false });
    const from = /^\d{1,19}$/.test(lastEventId) ? BigInt(lastEventId) : undefined;
    const reset = (reason: string) => frame('reset', joinedAt, { cursor, reason });
    if (from === undefined || from > joinedAt) return reset('Last-Event-ID names no delivery of this stream');
    if (joinedAt - from > RESUME_MAX_SCANNED || !(await this.repo.isRecent(from, RESUME_WINDOW_S))) {
      return reset('Last-Event-ID is older than the resume window');
    }
    const rows = await this.repo.between(projectId, from, joinedAt, filters, RESUME_MAX_REPLAYED + 1);
    if (rows.length > RESUME_MAX_REPLAYED) return reset(`more than ${RESUME_MAX_REPLAYED} deliveries were missed`);
    let replay = '';
    for (const row of rows) replay += liveDeliveryOf(row)?.frame ?? '';
    return replay + frame('ready', joinedAt, { cursor, resumed: true, replayed: rows.length });
  }
}

/** A control message; its `id:` moves the viewer's Last-Event-ID to where the stream stands. */
function frame(event: 'ready' | 'reset', cursor: bigint, data: Record<string, unknown>): string {
  return `id: ${cursor}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
