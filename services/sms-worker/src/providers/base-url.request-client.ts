import twilio from 'twilio';

type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

/**
 * The SDK's own HTTP client, sending every request to another base URL: the SDK builds
 * `https://api.twilio.com/2010-04-01/...` (or a regional host); the path and query are kept and
 * the origin (plus any base path) is replaced. Auth, form encoding, error parsing and the
 * RestException are all the SDK's, so tests exercise the real thing against a local server.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  private readonly base: URL;

  constructor(baseUrl: string, options: ConstructorParameters<typeof twilio.RequestClient>[0] = {}) {
    super(options);
    this.base = new URL(baseUrl);
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: rebase(opts.uri, this.base) });
  }
}

export function rebase(uri: string, base: URL): string {
  const target = new URL(uri);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}${target.pathname}${target.search}`;
}
