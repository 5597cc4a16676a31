import { randomUUID } from 'node:crypto';
import type { DeliveryOutcome, DeliveryProvider, DeliveryRequest, ProviderResponse } from '@herald/delivery';
import type { SigningSecretCache } from '../data/signing-secret.cache';
import { classifyOutcome } from '../domain/delivery-outcome.classifier';
import { buildWebhookRequest } from '../domain/webhook-request.builder';
import type { SendResult, WebhookSender } from '../domain/webhook-sender.port';

function providerResponse(result: SendResult, messageId: string): ProviderResponse {
  const response = result.kind === 'response' ? result : undefined;
  return {
    status_code: response?.statusCode ?? null,
    latency_ms: result.latencyMs,
    message_id: messageId,
    body_excerpt: response?.bodyExcerpt ?? null,
  };
}

/**
 * The webhook channel's provider adapter: sign with the project's secret, or a consumer endpoint's own (both, during a
 * rotation), POST, and judge the
 * answer. Every attempt gets a fresh message id, so receivers and support can tell attempts apart.
 */
export class WebhookProvider implements DeliveryProvider {
  constructor(
    private readonly sender: WebhookSender,
    private readonly secrets: SigningSecretCache,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  async send({ message, target, requestId }: DeliveryRequest): Promise<DeliveryOutcome> {
    const messageId = randomUUID();
    const { payload } = target;
    if (!payload) return { kind: 'permanent', providerResponse: { message_id: messageId }, error: 'the notification has no event payload' };
    if (target.sealedSecret === null)
      return { kind: 'permanent', providerResponse: { message_id: messageId }, error: 'its consumer endpoint was deleted' };
    // An endpoint's secrets are cached under its own id, apart from its project's.
    const owner = target.endpointId ?? message.project_id;
    const secrets = this.secrets.open(owner, target.sealedSecret, target.previousSealedSecret);
    const request = buildWebhookRequest(message, { ...target, payload }, secrets, { now: new Date(), messageId, requestId });
    const result = await this.sender.send(request);
    const verdict = classifyOutcome(result);
    const response = providerResponse(result, messageId);
    if (verdict.kind === 'delivered') return { kind: 'delivered', providerResponse: response };
    if (verdict.kind === 'permanent') return { kind: 'permanent', providerResponse: response, error: verdict.reason };
    return { kind: 'retryable', providerResponse: response, error: verdict.reason, retryAfterMs: verdict.retryAfterMs };
  }

  close(): Promise<void> {
    return this.onClose();
  }
}
