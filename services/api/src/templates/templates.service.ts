import { hasPgCode, PgError } from '@herald/db';
import { renderContent, smsSegments, type TemplateSource } from '@herald/templating';
import type { TemplateRepository, TemplateRow } from './template.repository';
import { AppError, ValidationFailed } from '@herald/errors';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import { resolveTemplateFields, type TemplateChannel, type TemplateInput } from './template-fields';

function writeRefused(err: unknown, name: string, channel: string): never {
  if (hasPgCode(err, PgError.uniqueViolation))
    throw new AppError('conflict', `a ${channel} template named ${JSON.stringify(name)} already exists`);
  // The only foreign key a template write can break: its category is not declared.
  if (hasPgCode(err, PgError.foreignKeyViolation)) throw undeclaredCategory();
  throw err;
}

function undeclaredCategory(): ValidationFailed {
  return new ValidationFailed([
    {
      loc: ['body', 'category'],
      msg: 'category must be transactional or a category the project declared (POST /categories)',
      type: 'value_error',
    },
  ]);
}

/** Template use cases: each validates the whole template, then makes one repository call. */
export class TemplatesService {
  constructor(private readonly templates: TemplateRepository) {}

  async create(projectId: string, input: TemplateInput & { name: string; channel: TemplateChannel }): Promise<TemplateRow> {
    refuseUnstorableText(input, ['body']);
    const fields = resolveTemplateFields(input.channel, input);
    return this.templates.insert(projectId, input.name, input.channel, fields).catch((err) => writeRefused(err, input.name, input.channel));
  }

  async get(projectId: string, id: string): Promise<TemplateRow> {
    const row = await this.templates.find(projectId, id);
    if (!row) throw new AppError('not_found', `template ${id} not found`);
    return row;
  }

  async update(projectId: string, id: string, input: TemplateInput): Promise<TemplateRow> {
    refuseUnstorableText(input, ['body']);
    const current = await this.get(projectId, id);
    const fields = resolveTemplateFields(current.channel, input, current);
    const name = input.name ?? current.name;
    const row = await this.templates.update(projectId, id, name, fields).catch((err) => writeRefused(err, name, current.channel));
    if (!row) throw new AppError('not_found', `template ${id} not found`);
    return row;
  }

  /** PUT by name replaces the template's content: fields left out are cleared, so repeating the call converges. */
  upsertByName(projectId: string, name: string, channel: TemplateChannel, input: TemplateInput) {
    refuseUnstorableText(name, ['path', 'name']);
    refuseUnstorableText(input, ['body']);
    return this.templates
      .upsertByName(projectId, name, channel, resolveTemplateFields(channel, input))
      .catch((err) => writeRefused(err, name, channel));
  }

  async delete(projectId: string, id: string): Promise<void> {
    if (!(await this.templates.delete(projectId, id))) throw new AppError('not_found', `template ${id} not found`);
  }

  async preview(projectId: string, id: string, variables: Record<string, unknown>) {
    return renderPreview(await this.get(projectId, id), variables);
  }

  /** Content being edited, checked as a save would check it, rendered and forgotten. */
  previewContent(input: TemplateInput & { channel: TemplateChannel }, variables: Record<string, unknown>) {
    refuseUnstorableText(input, ['body']);
    return renderPreview({ channel: input.channel, ...resolveTemplateFields(input.channel, input) }, variables);
  }
}

/** One answer for both previews: what each part renders to, and which variables it used or lacked. */
function renderPreview(template: TemplateSource, variables: Record<string, unknown>) {
  const { content, used, missing } = renderContent(template, variables);
  return {
    subject: content.subject,
    html: content.html,
    text: content.text,
    body: content.html ?? content.text,
    variables_used: used,
    missing_variables: missing,
    ...(template.channel === 'sms' ? smsSegments(content.text) : {}),
  };
}
