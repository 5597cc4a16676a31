import { TRANSACTIONAL_CATEGORY, emailHeaderProblems, type EmailHeaders } from '@herald/contracts';
import { SMS_MAX_LENGTH, TemplateSyntaxError, detectVariables, parseTemplate } from '@herald/templating';
import type { TemplateFields } from './template.repository';
import { ValidationFailed, type ValidationIssue } from '@herald/errors';

export type TemplateChannel = 'email' | 'sms' | 'webhook';

export const TRANSACTIONAL = TRANSACTIONAL_CATEGORY;

/** A create or (partial) update request body, after openapi validation. */
export interface TemplateInput {
  name?: string;
  channel?: TemplateChannel;
  subject?: string | null;
  body?: string;
  text_body?: string | null;
  from_local?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  headers?: EmailHeaders | null;
  variables?: string[];
  on_missing_variable?: 'error' | 'blank';
  /** `transactional` (stored as null) or a declared category. */
  category?: string;
}

/** The category as stored: `transactional` is the absence of one. */
function storedCategory(category: string | undefined, current: string | null | undefined): string | null {
  if (category === undefined) return current ?? null;
  return category === TRANSACTIONAL ? null : category;
}

const EMAIL_ONLY = ['subject', 'text_body', 'from_local', 'from_name', 'reply_to', 'headers'] as const;
const TEXT_PARTS = ['subject', 'body', 'text_body'] as const;

/**
 * Merges an input over a template's current fields and checks the result as a whole: the
 * template syntax of every part, email-only fields on email templates, the extra headers'
 * allow-list and injection rules (libs/contracts email-headers), the SMS length limit,
 * and a `variables` list (when given) equal to what the parts actually use.
 */
export function resolveTemplateFields(channel: TemplateChannel, input: TemplateInput, current?: TemplateFields): TemplateFields {
  const merged: TemplateFields = {
    subject: pick(input.subject, current?.subject),
    body: input.body ?? current?.body ?? '',
    text_body: pick(input.text_body, current?.text_body),
    from_local: pick(input.from_local, current?.from_local),
    from_name: pick(input.from_name, current?.from_name),
    reply_to: pick(input.reply_to, current?.reply_to),
    headers: pick(input.headers, current?.headers),
    variables: [],
    on_missing_variable: input.on_missing_variable ?? current?.on_missing_variable ?? 'error',
    category: storedCategory(input.category, current?.category),
  };
  const issues: ValidationIssue[] = [];
  if (channel !== 'email') {
    for (const field of EMAIL_ONLY) {
      if (merged[field] !== null)
        issues.push({ loc: ['body', field], msg: `${field} applies to email templates only`, type: 'value_error' });
    }
  }
  for (const { name, msg } of emailHeaderProblems(merged.headers ?? {})) {
    issues.push({ loc: name === undefined ? ['body', 'headers'] : ['body', 'headers', name], msg, type: 'value_error' });
  }
  for (const part of TEXT_PARTS) {
    try {
      parseTemplate(merged[part] ?? '');
    } catch (err) {
      if (!(err instanceof TemplateSyntaxError)) throw err;
      issues.push({ loc: ['body', part], msg: err.message, type: 'value_error' });
    }
  }
  if (channel === 'sms' && merged.body.length > SMS_MAX_LENGTH) {
    issues.push({ loc: ['body', 'body'], msg: `sms bodies are at most ${SMS_MAX_LENGTH} characters (10 segments)`, type: 'value_error' });
  }
  if (issues.length) throw new ValidationFailed(issues);

  merged.variables = detectVariables(merged.subject, merged.body, merged.text_body);
  if (input.variables !== undefined && !sameSet(input.variables, merged.variables)) {
    throw new ValidationFailed([
      {
        loc: ['body', 'variables'],
        msg: `variables must match the variables the template uses: [${merged.variables.join(', ')}]`,
        type: 'value_error',
      },
    ]);
  }
  return merged;
}

function pick<T>(given: T | undefined, current: T | null | undefined): T | null {
  return given !== undefined ? given : (current ?? null);
}

function sameSet(a: string[], b: string[]): boolean {
  const left = new Set(a);
  return left.size === b.length && b.every((x) => left.has(x));
}
