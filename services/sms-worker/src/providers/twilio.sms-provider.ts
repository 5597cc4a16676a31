import type { DeliveryOutcome, DeliveryProvider, DeliveryRequest } from '@herald/delivery';
import type { Twilio } from 'twilio';
import { classifyTwilioError } from '../domain/twilio-outcome.classifier';

/**
 * The SMS channel's provider adapter: the rendered text (fan-out already refused bodies past
 * 1600 characters) through Twilio's Messages API. Twilio's answer "queued" means it accepted the
 * message, which is when Herald records it as delivered; the SID is the attempt's message_id.
 */
export class TwilioSmsProvider implements DeliveryProvider {
  constructor(
    private readonly client: Twilio,
    private readonly fromNumber: string,
  ) {}

  async send({ target }: DeliveryRequest): Promise<DeliveryOutcome> {
    const body = target.content?.text;
    if (!body) return { kind: 'permanent', providerResponse: { provider: 'twilio' }, error: 'the notification has no rendered sms text' };
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const sent = await this.client.messages.create({ to: target.recipient, from: this.fromNumber, body });
      return {
        kind: 'delivered',
        providerResponse: {
          provider: 'twilio',
          message_id: sent.sid,
          status: sent.status,
          segments: sent.numSegments === undefined || sent.numSegments === null ? null : Number(sent.numSegments),
          latency_ms: latency(),
        },
      };
    } catch (err) {
      const e = err as { status?: unknown; code?: unknown; moreInfo?: unknown } | null;
      const providerResponse = {
        provider: 'twilio',
        status_code: typeof e?.status === 'number' ? e.status : null,
        error_code: typeof e?.code === 'number' ? e.code : null,
        more_info: typeof e?.moreInfo === 'string' ? e.moreInfo : null,
        latency_ms: latency(),
      };
      return { ...classifyTwilioError(err), providerResponse };
    }
  }
}
