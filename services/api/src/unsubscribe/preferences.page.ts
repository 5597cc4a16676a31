import { createHash } from 'node:crypto';
import { escapeHtml } from '@herald/templating';
import type { PreferencesView } from './recipient-preferences.use-case';

/** The page's only style, allowed by its hash: no inline script or other style can run. */
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}' +
  'main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #ddd;border-radius:8px}' +
  'fieldset{border:0;padding:0;margin:1rem 0}legend{font-weight:600}.c{margin:.75rem 0}.c p{margin:.25rem 0 0 1.75rem;color:#555}' +
  'label{font-weight:500}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f4fbf;background:#1f4fbf;color:#fff}' +
  'button:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}[role=status]{color:#1b6b2b;font-weight:600}';

/**
 * Nothing loads from anywhere, nothing runs; the form posts only back here; no page may frame
 * this one; the token in the address never leaves in a Referer.
 */
export const PREFERENCES_PAGE_HEADERS = {
  'Content-Security-Policy':
    `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Content-Type': 'text/html; charset=utf-8',
};

function layout(title: string, main: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${main}</main></body></html>`
  );
}

function categoryRow(category: PreferencesView['categories'][number], index: number): string {
  const id = `category-${index}`;
  const description = category.description ? `<p id="${id}-about">${escapeHtml(category.description)}</p>` : '';
  return (
    `<div class="c"><input type="checkbox" id="${id}" name="subscribed" value="${escapeHtml(category.name)}"` +
    `${category.opted_out ? '' : ' checked'}${category.description ? ` aria-describedby="${id}-about"` : ''}>` +
    ` <label for="${id}">${escapeHtml(category.name)}</label>${description}</div>`
  );
}

/** The recipient's categories, ticked for those they get; `saved` after the form was sent. */
export function preferencesPage(view: PreferencesView, token: string, saved: boolean): string {
  const status = saved ? '<p role="status">Your preferences are saved.</p>' : '';
  const categories = view.categories.length
    ? `<fieldset><legend>Email you get</legend>${view.categories.map(categoryRow).join('')}</fieldset>` +
      '<button type="submit">Save preferences</button>'
    : '<p>This sender has no email categories to choose from.</p>';
  return layout(
    `Email preferences - ${view.projectName}`,
    `<h1>Email preferences</h1>` +
      `<p>Choose which email from ${escapeHtml(view.projectName)} goes to <strong>${escapeHtml(view.recipient)}</strong>. ` +
      'Messages about your account and your own actions (receipts, password resets) always arrive.</p>' +
      status +
      `<form method="post" action="/api/v1/unsubscribe/preferences?token=${encodeURIComponent(token)}">${categories}</form>`,
  );
}

/** What a link that is not valid (altered, revoked, another sender's) shows: nothing about anyone. */
export function invalidLinkPage(): string {
  return layout(
    'Link not valid',
    '<h1>This link is not valid</h1><p>It may have been changed, or it has expired. Use the link in a recent email from the sender.</p>',
  );
}
