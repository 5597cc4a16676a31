import type { AttachmentRef } from '@herald/delivery';
import type { Dispatcher } from 'undici';
import { InvalidAttachmentUrlError, type DownloadFailure } from '../domain/attachment-failure.classifier';

export interface DownloadedAttachment {
  filename: string;
  content: Buffer;
}

export type DownloadResult = { ok: true; files: DownloadedAttachment[] } | { ok: false; failure: DownloadFailure };

export interface DownloaderOptions {
  /** Deadline for all of one email's downloads together. */
  timeoutMs: number;
  /** Raw bytes of all of one email's files together (30 MB keeps the encoded email under 40 MB). */
  maxTotalBytes: number;
}

/** Shared by one email's downloads: the running total, and the first failure (which stops the rest). */
interface Batch {
  used: number;
  failure?: DownloadFailure;
  controller: AbortController;
}

function targetOf(ref: AttachmentRef): URL {
  let url: URL;
  try {
    url = new URL(ref.url);
  } catch {
    throw new InvalidAttachmentUrlError('url is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidAttachmentUrlError(`url scheme ${url.protocol} is not http or https`);
  return url;
}

/**
 * Downloads an email's attachments at every attempt, all at once, through the SSRF-guarded
 * dispatcher (public addresses only, the checked address is the one dialled). Redirects are
 * never followed. The size that counts is the one streamed, not the declared or announced one:
 * the first file to push the total past the limit stops every download of the email.
 */
export class AttachmentDownloader {
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: DownloaderOptions,
  ) {}

  async downloadAll(refs: AttachmentRef[]): Promise<DownloadResult> {
    if (refs.length === 0) return { ok: true, files: [] };
    const batch: Batch = { used: 0, controller: new AbortController() };
    const timer = setTimeout(
      () => batch.controller.abort(new DOMException('attachment download timed out', 'TimeoutError')),
      this.options.timeoutMs,
    );
    try {
      const files = await Promise.all(refs.map((ref) => this.download(ref, batch)));
      return batch.failure ? { ok: false, failure: batch.failure } : { ok: true, files: files as DownloadedAttachment[] };
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(batch: Batch, failure: DownloadFailure): undefined {
    if (!batch.failure) {
      batch.failure = failure;
      batch.controller.abort(new Error('another attachment failed'));
    }
    return undefined;
  }

  private async download(ref: AttachmentRef, batch: Batch): Promise<DownloadedAttachment | undefined> {
    const { filename } = ref;
    try {
      const url = targetOf(ref);
      const res = await this.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': 'Herald-Email/1.0', accept: '*/*' },
        signal: batch.controller.signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        // Read a little so the connection can be reused; a large error page is simply dropped.
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        return this.fail(batch, { kind: 'status', filename, statusCode: res.statusCode });
      }
      const announced = Number(res.headers['content-length']);
      if (Number.isFinite(announced) && batch.used + announced > this.options.maxTotalBytes) {
        res.body.destroy();
        return this.fail(batch, { kind: 'too-large', filename, limitBytes: this.options.maxTotalBytes });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        batch.used += chunk.length;
        if (batch.used > this.options.maxTotalBytes) {
          res.body.destroy();
          return this.fail(batch, { kind: 'too-large', filename, limitBytes: this.options.maxTotalBytes });
        }
        chunks.push(chunk);
      }
      return { filename, content: Buffer.concat(chunks) };
    } catch (error) {
      // Aborted because a sibling failed first: that sibling's failure is the one reported.
      return batch.failure ? undefined : this.fail(batch, { kind: 'error', filename, error: batch.controller.signal.reason ?? error });
    }
  }
}
