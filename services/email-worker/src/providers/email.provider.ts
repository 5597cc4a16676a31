import type { DeliveryOutcome, DeliveryProvider, DeliveryRequest, FailureVerdict, ProviderResponse } from '@herald/delivery';
import { classifyDownloadFailure } from '../domain/attachment-failure.classifier';
import { composeMime } from '../domain/email-mime.composer';
import type { EmailTransport } from '../domain/email-transport.port';
import { listUnsubscribeHeaders, type ListUnsubscribeSettings } from '../domain/list-unsubscribe';
import { senderDomain, senderOf } from '../domain/sender-address';
import type { AttachmentDownloader, DownloadResult } from './attachment.downloader';
import type { ConcurrencyGate } from '@herald/runtime';

export interface EmailProviderDeps {
  transport: EmailTransport;
  downloader: AttachmentDownloader;
  /** Deliveries with attachments in memory at once. */
  attachmentGate: ConcurrencyGate;
  /** EMAIL_FROM: the default sender, and the only sender domain. */
  defaultFrom: string;
  /** What category email's unsubscribe links are made of. */
  unsubscribe: ListUnsubscribeSettings;
}

function failed(verdict: FailureVerdict, providerResponse: ProviderResponse): DeliveryOutcome {
  return { ...verdict, providerResponse };
}

/**
 * The email channel's provider adapter: rendered content + fresh attachments -> one MIME message
 * -> SMTP or SES. The Message-ID is ours (`<notification id@sender domain>`) and the same at every
 * attempt: a send repeated after a timeout (the server may have taken the first one) is one
 * message to receivers that drop duplicates. It is recorded whether or not the attempt got as far
 * as the provider.
 */
export class EmailProvider implements DeliveryProvider {
  private readonly domain: string;

  constructor(private readonly deps: EmailProviderDeps) {
    this.domain = senderDomain(deps.defaultFrom);
  }

  async send(request: DeliveryRequest): Promise<DeliveryOutcome> {
    const { attachments } = request.target;
    return attachments.length ? this.deps.attachmentGate.run(() => this.attempt(request)) : this.attempt(request);
  }

  close(): Promise<void> {
    return this.deps.transport.close();
  }

  private async attempt({ message, target }: DeliveryRequest): Promise<DeliveryOutcome> {
    const messageId = `<${message.notification_id}@${this.domain}>`;
    const base: ProviderResponse = { message_id: messageId, provider: this.deps.transport.name };
    const content = target.content;
    if (!content || (!content.html && !content.text)) {
      return failed({ kind: 'permanent', error: 'the notification has no rendered email content' }, base);
    }
    const downloaded: DownloadResult = await this.deps.downloader.downloadAll(target.attachments);
    if (!downloaded.ok) return failed(classifyDownloadFailure(downloaded.failure), base);

    const sender = senderOf(content, this.deps.defaultFrom);
    const raw = await composeMime({
      sender,
      to: target.recipient,
      content,
      messageId,
      attachments: downloaded.files,
      notificationId: message.notification_id,
      listUnsubscribe: listUnsubscribeHeaders(this.deps.unsubscribe, {
        projectId: message.project_id,
        recipient: target.recipient,
        category: content.category,
      }),
    });
    const result = await this.deps.transport.send({ from: sender.from.address, to: target.recipient, raw });
    const providerResponse = { ...base, ...result.response, message_id: messageId };
    return result.kind === 'sent' ? { kind: 'delivered', providerResponse } : failed(result, providerResponse);
  }
}
