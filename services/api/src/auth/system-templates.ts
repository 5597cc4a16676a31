import { renderContent, type TemplateSource } from '@herald/templating';

/**
 * Herald's own emails. Built in for now; the administration plane will let operators replace
 * them (`/admin/system-templates`). Rendered with the same engine as project templates: values
 * are HTML-escaped in the html part and used as given in the subject and text.
 */
const SYSTEM_TEMPLATES = {
  'auth.magic_link': {
    channel: 'email',
    subject: 'Your Herald sign-in link',
    body:
      '<p>Hello,</p><p>Use this link to sign in to Herald:</p>' +
      '<p><a href="{{link}}">Sign in to Herald</a></p>' +
      '<p>It works once and expires in {{minutes}} minutes. If you did not ask to sign in, ignore this email.</p>',
    text_body:
      'Hello,\n\nUse this link to sign in to Herald:\n\n{{link}}\n\n' +
      'It works once and expires in {{minutes}} minutes. If you did not ask to sign in, ignore this email.\n',
  },
  'organization.invitation': {
    channel: 'email',
    subject: 'You are invited to {{organization}} on Herald',
    body:
      '<p>Hello,</p><p>{{inviter}} invited you to join <strong>{{organization}}</strong> on Herald as {{role}}.</p>' +
      '<p><a href="{{link}}">Accept the invitation</a></p>' +
      '<p>The link works once and expires in {{days}} days. If you did not expect this, ignore this email.</p>',
    text_body:
      'Hello,\n\n{{inviter}} invited you to join {{organization}} on Herald as {{role}}.\n\nAccept the invitation:\n\n{{link}}\n\n' +
      'The link works once and expires in {{days}} days. If you did not expect this, ignore this email.\n',
  },
} satisfies Record<string, TemplateSource>;

export type SystemTemplateName = keyof typeof SYSTEM_TEMPLATES;

export interface SystemEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderSystemEmail(name: SystemTemplateName, values: Record<string, unknown>): SystemEmail {
  const { content, missing } = renderContent(SYSTEM_TEMPLATES[name], values);
  if (missing.length) throw new Error(`system template ${name} is missing ${missing.join(', ')}`);
  return { subject: content.subject ?? '', html: content.html ?? '', text: content.text };
}
