import { renderContent, TemplateSyntaxError, type TemplateSource } from '@herald/templating';
import { keepsLinkInPlace } from './link-placement.rule';

export interface SystemTemplateVariable {
  name: string;
  description: string;
  /** A replacement must use it (in its HTML body, and in its text body when it has one): the email is useless without it. */
  required: boolean;
}

interface BuiltInSystemTemplate extends TemplateSource {
  description: string;
  variables: readonly SystemTemplateVariable[];
  /** Values a preview uses for what the caller does not give; `appUrl` is APP_URL. */
  samples(appUrl: string): Record<string, string | number>;
}

/**
 * Herald's own emails as built in. Operators may replace each under `/admin/system-templates`
 * (the `system_templates` table); the next email then uses the replacement. Rendered with the
 * same engine as project templates: values are HTML-escaped in the html part and used as given
 * in the subject and text.
 */
const SYSTEM_TEMPLATES = {
  'auth.magic_link': {
    description: 'The sign-in link mailed by POST /auth/magic-link.',
    channel: 'email',
    subject: 'Your Herald sign-in link',
    body:
      '<p>Hello,</p><p>Use this link to sign in to Herald:</p>' +
      '<p><a href="{{link}}">Sign in to Herald</a></p>' +
      '<p>It works once and expires in {{minutes}} minutes. If you did not ask to sign in, ignore this email.</p>',
    text_body:
      'Hello,\n\nUse this link to sign in to Herald:\n\n{{link}}\n\n' +
      'It works once and expires in {{minutes}} minutes. If you did not ask to sign in, ignore this email.\n',
    variables: [
      { name: 'link', description: 'The single-use sign-in link (APP_URL/auth/verify?token=...).', required: true },
      { name: 'minutes', description: 'Minutes until the link expires (MAGIC_LINK_TTL_S).', required: false },
    ],
    samples: (appUrl) => ({ link: `${appUrl}/auth/verify?token=hml_sample`, minutes: 15 }),
  },
  'organization.invitation': {
    description: 'The invitation mailed by POST /organizations/{organization_id}/invitations.',
    channel: 'email',
    subject: 'You are invited to {{organization}} on Herald',
    body:
      '<p>Hello,</p><p>{{inviter}} invited you to join <strong>{{organization}}</strong> on Herald as {{role}}.</p>' +
      '<p><a href="{{link}}">Accept the invitation</a></p>' +
      '<p>The link works once and expires in {{days}} days. If you did not expect this, ignore this email.</p>',
    text_body:
      'Hello,\n\n{{inviter}} invited you to join {{organization}} on Herald as {{role}}.\n\nAccept the invitation:\n\n{{link}}\n\n' +
      'The link works once and expires in {{days}} days. If you did not expect this, ignore this email.\n',
    variables: [
      { name: 'link', description: 'The single-use acceptance link (APP_URL/invitations/accept?token=...).', required: true },
      { name: 'organization', description: 'The name of the organization.', required: false },
      { name: 'inviter', description: "The inviting member's name, else their email address.", required: false },
      { name: 'role', description: 'The role the invitation grants.', required: false },
      { name: 'days', description: 'Days until the link expires.', required: false },
    ],
    samples: (appUrl) => ({
      link: `${appUrl}/invitations/accept?token=hin_sample`,
      organization: 'Acme',
      inviter: 'Ada Lovelace',
      role: 'developer',
      days: 7,
    }),
  },
} satisfies Record<string, BuiltInSystemTemplate>;

export type SystemTemplateName = keyof typeof SYSTEM_TEMPLATES;

export const SYSTEM_TEMPLATE_NAMES = Object.keys(SYSTEM_TEMPLATES).sort() as SystemTemplateName[];

export function isSystemTemplateName(name: string): name is SystemTemplateName {
  return Object.prototype.hasOwnProperty.call(SYSTEM_TEMPLATES, name);
}

export function builtInSystemTemplate(name: SystemTemplateName): BuiltInSystemTemplate {
  return SYSTEM_TEMPLATES[name];
}

/** An operator's replacement: a null subject keeps the built-in one; a null text body is derived from the HTML. */
export interface SystemTemplateOverride {
  subject: string | null;
  body: string;
  text_body: string | null;
}

export interface SystemEmail {
  subject: string;
  html: string;
  text: string;
}

/** What an email of this kind is rendered from: the replacement over the built-in one. */
export function systemTemplateSource(name: SystemTemplateName, override?: SystemTemplateOverride): TemplateSource {
  const { channel, subject, body, text_body } = SYSTEM_TEMPLATES[name];
  if (!override) return { channel, subject, body, text_body };
  return { channel, subject: override.subject ?? subject, body: override.body, text_body: override.text_body };
}

/** The email as the built-in template, or the replacement when one is given, renders it. */
export function renderSystemEmail(
  name: SystemTemplateName,
  values: Record<string, unknown>,
  override?: SystemTemplateOverride,
): SystemEmail {
  // A replacement stored before the link had to stay in place (system-templates/link-placement.rule.ts)
  // could hand the token to another host: the built-in one goes out instead.
  if (override && keepsLinkInPlace(override, values)) {
    // A replacement was checked when stored; one that no longer renders (a later release took a
    // variable away) must not stop sign-in or invitations, so the built-in one goes out instead.
    const rendered = tryRender(systemTemplateSource(name, override), values);
    if (rendered) return rendered;
  }
  const rendered = tryRender(systemTemplateSource(name), values);
  if (!rendered) throw new Error(`system template ${name} does not render with ${Object.keys(values).join(', ')}`);
  return rendered;
}

function tryRender(template: TemplateSource, values: Record<string, unknown>): SystemEmail | undefined {
  try {
    const { content, missing } = renderContent(template, values);
    if (missing.length) return undefined;
    return { subject: content.subject ?? '', html: content.html ?? '', text: content.text };
  } catch (err) {
    if (err instanceof TemplateSyntaxError) return undefined;
    throw err;
  }
}
