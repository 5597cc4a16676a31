import { Client } from 'pg';

export interface NotificationListenerOptions {
  url: string;
  channel: string;
  /** Called with each notification's payload, in commit order. */
  onNotify(payload: string): void;
  /**
   * Called once LISTEN is active again after the connection was lost: notifications sent
   * meanwhile are gone, so whatever they would have invalidated must be dropped now.
   */
  onResubscribed(): void;
  onError?(err: Error): void;
  /** Shown in pg_stat_activity, so operators (and tests) can find the connection. */
  applicationName?: string;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on one channel over a dedicated connection (a pooled one would be handed to other
 * queries), reconnecting with a doubling backoff whenever the connection drops. `live` is false
 * while it is down, so callers can stop trusting what notifications would have corrected.
 */
export class NotificationListener {
  private client: Client | undefined;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | undefined;
  private connected = false;

  constructor(private readonly options: NotificationListenerOptions) {}

  get live(): boolean {
    return this.connected;
  }

  /** Resolves once the first LISTEN is active; later drops reconnect in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { url, channel, applicationName } = this.options;
    const client = new Client({ connectionString: url, application_name: applicationName });
    client.on('notification', (msg) => {
      if (msg.channel === channel) this.options.onNotify(msg.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connected = true;
    this.retryMs = FIRST_RETRY_MS;
  }

  private lost(client: Client, err?: Error): void {
    if (client !== this.client || this.stopped) return;
    this.client = undefined;
    this.connected = false;
    if (err) this.options.onError?.(err);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.connect().then(
        () => this.options.onResubscribed(),
        (err: Error) => {
          this.options.onError?.(err);
          this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }
}
