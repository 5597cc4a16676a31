import { ValidationFailed, type ValidationIssue } from '@herald/errors';
import { detectVariables, TemplateSyntaxError } from '@herald/templating';
import { builtInSystemTemplate, type SystemTemplateName, type SystemTemplateOverride } from './built-in-templates';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import { LINK_VARIABLE, misplacedLinkInHtml, misplacedLinkInText } from './link-placement.rule';

/** A PUT (or draft preview) body after openapi validation. */
export interface SystemTemplateInput {
  subject?: string;
  body: string;
  text_body?: string;
}

const PARTS = ['subject', 'body', 'text_body'] as const;

/** Only shapes the other variables' sample values while the link's placement is checked. */
const SAMPLE_APP_URL = 'https://app.herald.invalid';

/**
 * A replacement must render with the variables Herald gives this email and nothing else, and
 * must carry each required one (the link) in its HTML body and, when it has one, its text body:
 * an email without the link would be sent and be useless. The link may stand only where it
 * cannot leak to another host (link-placement.rule.ts), and never in the subject. Every fault is
 * a 422 naming its part.
 */
export function checkOverride(name: SystemTemplateName, input: SystemTemplateInput): SystemTemplateOverride {
  refuseUnstorableText(input, ['body']);
  const known = builtInSystemTemplate(name).variables;
  const issues: ValidationIssue[] = [];
  for (const part of PARTS) {
    const source = input[part];
    if (source === undefined) continue;
    const loc = ['body', part];
    let used: string[];
    try {
      used = detectVariables(source);
    } catch (err) {
      if (!(err instanceof TemplateSyntaxError)) throw err;
      issues.push({ loc, msg: err.message, type: 'value_error' });
      continue;
    }
    const unknown = used.filter((v) => !known.some((k) => k.name === v));
    if (unknown.length) {
      const has = known.map((k) => `{{${k.name}}}`).join(', ');
      issues.push({
        loc,
        msg: `${unknown.map((v) => `{{${v}}}`).join(', ')} is not a variable of ${name}; it has ${has}`,
        type: 'value_error',
      });
    }
    if (part === 'subject') {
      if (/[\r\n]/.test(source)) issues.push({ loc, msg: 'subject must be one line', type: 'value_error' });
      if (used.includes(LINK_VARIABLE))
        issues.push({ loc, msg: `{{${LINK_VARIABLE}}} may not appear in the subject`, type: 'value_error' });
      continue;
    }
    if (!unknown.length && used.includes(LINK_VARIABLE)) {
      const samples = builtInSystemTemplate(name).samples(SAMPLE_APP_URL);
      const faults = part === 'body' ? misplacedLinkInHtml(source, samples) : misplacedLinkInText(source, samples);
      for (const msg of faults) issues.push({ loc, msg, type: 'value_error' });
    }
    const missing = known.filter((k) => k.required && !used.includes(k.name));
    if (missing.length) {
      const names = missing.map((k) => `{{${k.name}}}`).join(', ');
      issues.push({ loc, msg: `${part} must use ${names}: the email is useless without it`, type: 'value_error' });
    }
  }
  if (issues.length) throw new ValidationFailed(issues);
  return { subject: input.subject ?? null, body: input.body, text_body: input.text_body ?? null };
}

/** Preview values may only name this email's variables; a typo would otherwise preview as if it worked. */
export function checkPreviewValues(name: SystemTemplateName, values: Record<string, unknown>): void {
  const known = builtInSystemTemplate(name).variables;
  const issues: ValidationIssue[] = Object.keys(values)
    .filter((v) => !known.some((k) => k.name === v))
    .slice(0, 10)
    .map((v) => ({ loc: ['body', 'variables', v], msg: `${v} is not a variable of ${name}`, type: 'value_error' as const }));
  if (issues.length) throw new ValidationFailed(issues);
}
