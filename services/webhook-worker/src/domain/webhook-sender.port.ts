/** What one HTTP attempt produced, before any judgement about it. */
export type SendResult =
  | {
      kind: 'response';
      statusCode: number;
      /** Raw Retry-After header, judged by the classifier. */
      retryAfter?: string;
      /** Start of the response body, for the attempt log. */
      bodyExcerpt: string;
      latencyMs: number;
    }
  | { kind: 'error'; error: unknown; latencyMs: number };

export interface WebhookRequest {
  url: string;
  /** Serialized once: these exact bytes are signed and sent. */
  body: Buffer;
  headers: Record<string, string>;
}

/** The provider port: the use case sends through it and never sees undici. */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<SendResult>;
}

/** The recipient is not an http(s) URL: no attempt can ever succeed. */
export class InvalidTargetError extends Error {
  override readonly name = 'InvalidTargetError';
}
