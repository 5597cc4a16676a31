import { randomUUID } from 'node:crypto';
import type { DeliveryOutcome, DeliveryProvider, DeliveryRequest, ProviderResponse } from '@herald/delivery';
import type { SigningSecretCache } from '../data/signing-secret.cache';
import { webhookCircuitsOpen, webhookCircuitsOpened } from '@herald/metrics';
import { classifyOutcome, type WebhookVerdict } from '../domain/delivery-outcome.classifier';
import type { DestinationBreaker } from '../domain/destination-breaker';
import { destinationOf } from '../domain/destination';
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
    private readonly breaker?: DestinationBreaker,
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
    const destination = this.breaker?.enabled ? destinationOf(message.project_id, target.recipient) : undefined;
    const admission = destination ? this.breaker!.admit(destination) : undefined;
    if (admission?.kind === 'refuse') {
      // Not tried: a retryable failure on the usual backoff, so budget and schedule are unchanged.
      const origin = destination!.slice(destination!.indexOf(' ') + 1);
      const error = `circuit open: ${admission.failures} sends in a row to ${origin} failed; not tried (next probe after ${new Date(admission.openUntil).toISOString()})`;
      return { kind: 'retryable', providerResponse: { message_id: messageId, status_code: null, circuit: 'open' }, error };
    }
    let result: SendResult;
    try {
      result = await this.sender.send(request);
    } catch (err) {
      // Never left probing: a probe that threw counts as failed.
      if (destination) this.breaker!.record(destination, true);
      throw err;
    }
    const verdict = classifyOutcome(result);
    if (destination) this.observe(destination, result, verdict);
    const response = providerResponse(result, messageId);
    if (verdict.kind === 'delivered') return { kind: 'delivered', providerResponse: response };
    if (verdict.kind === 'permanent') return { kind: 'permanent', providerResponse: response, error: verdict.reason };
    return { kind: 'retryable', providerResponse: response, error: verdict.reason, retryAfterMs: verdict.retryAfterMs };
  }

  /** A timeout, a connection that failed or a 5xx counts against the circuit; any other answer shows a receiver alive. */
  private observe(destination: string, result: SendResult, verdict: WebhookVerdict): void {
    const failed = result.kind === 'error' ? verdict.kind === 'retryable' : result.statusCode >= 500;
    const change = this.breaker!.record(destination, failed);
    if (change === 'opened') webhookCircuitsOpened.inc();
    if (change) webhookCircuitsOpen.set(this.breaker!.openCount());
  }

  close(): Promise<void> {
    return this.onClose();
  }
}
