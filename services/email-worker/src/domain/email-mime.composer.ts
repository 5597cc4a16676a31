import { allowedEmailHeaders, type NotificationContent } from '@herald/contracts';
import { htmlToText } from '@herald/templating';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Sender } from './sender-address';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
}

export interface EmailDraft {
  sender: Sender;
  to: string;
  content: NotificationContent;
  /** `<notification id@sender domain>`, the same at every attempt; recorded as provider_response.message_id. */
  messageId: string;
  attachments: EmailAttachment[];
  /** Support can trace a received email back to its notification. */
  notificationId: string;
  /** List-Unsubscribe and List-Unsubscribe-Post for category email (list-unsubscribe.ts); empty for transactional. */
  listUnsubscribe: Record<string, string>;
}

/**
 * Builds the raw MIME message, the same bytes whichever provider sends it: multipart/alternative
 * text + html (text derived from the html when fan-out stored none), attachments beside it. The
 * content is only ever data: file and URL access are off, so nothing in it can pull in a file.
 * Auto-Submitted (RFC 3834) tells auto-responders (vacation replies, "out of office") not to
 * answer: nobody reads replies to a notification's envelope sender. The project's extra headers
 * go first and are filtered by the same allow-list intake applied, so Herald's own come last
 * and no stored value can break a header line.
 */
export function composeMime(draft: EmailDraft): Promise<Buffer> {
  const { content } = draft;
  const html = content.html ?? undefined;
  const text = content.text ?? (html !== undefined ? htmlToText(html) : '');
  const composer = new MailComposer({
    from: draft.sender.from,
    to: draft.to,
    replyTo: draft.sender.replyTo,
    subject: content.subject ?? '',
    messageId: draft.messageId,
    date: new Date(),
    text,
    html,
    attachments: draft.attachments.map((a) => ({ filename: a.filename, content: a.content })),
    headers: {
      ...allowedEmailHeaders(content.headers),
      'Auto-Submitted': 'auto-generated',
      'X-Herald-Notification-Id': draft.notificationId,
      // Prepared: taken as written, never folded, so no line break lands inside a link.
      ...Object.fromEntries(Object.entries(draft.listUnsubscribe).map(([name, value]) => [name, { prepared: true, value }])),
    },
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
