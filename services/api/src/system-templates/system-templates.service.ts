import type { Database } from '@herald/db';
import { AppError, ValidationFailed } from '@herald/errors';
import { renderContent } from '@herald/templating';
import { auditAdminAction, type AdminActor } from '../audit/admin-action.audit';
import {
  builtInSystemTemplate,
  isSystemTemplateName,
  SYSTEM_TEMPLATE_NAMES,
  systemTemplateSource,
  type SystemTemplateName,
  type SystemTemplateOverride,
} from './built-in-templates';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import type { RepositoryFactory } from '../shared/repositories';
import type { StoredSystemTemplate, TemplateEditor } from './system-template.repository';
import type { SystemTemplatesRepositories } from './system-templates.repositories';
import { checkOverride, checkPreviewValues, type SystemTemplateInput } from './system-template.rules';

export interface SystemTemplateSummary {
  name: string;
  description: string;
  customized: boolean;
  subject: string;
  variables: Array<{ name: string; description: string; required: boolean }>;
  updated_at: string | null;
  updated_by: TemplateEditor | null;
}

export interface SystemTemplateView extends SystemTemplateSummary {
  body: string;
  /** Null: the text part is derived from the HTML body. */
  text_body: string | null;
  built_in: { subject: string; body: string; text_body: string | null };
}

export interface PreviewInput extends Partial<SystemTemplateInput> {
  variables?: Record<string, string | number | boolean>;
}

export interface SystemTemplatePreview {
  name: string;
  source: 'built_in' | 'customized' | 'draft';
  subject: string;
  html: string;
  text: string;
  values: Record<string, unknown>;
}

function knownName(name: string): SystemTemplateName {
  if (!isSystemTemplateName(name)) throw new AppError('not_found', `no system template is named ${name}`);
  return name;
}

function summaryOf(name: SystemTemplateName, stored: StoredSystemTemplate | undefined): SystemTemplateSummary {
  const builtIn = builtInSystemTemplate(name);
  return {
    name,
    description: builtIn.description,
    customized: stored !== undefined,
    subject: systemTemplateSource(name, stored).subject ?? '',
    variables: builtIn.variables.map(({ name: v, description, required }) => ({ name: v, description, required })),
    updated_at: stored?.updated_at.toISOString() ?? null,
    updated_by: stored?.updated_by ?? null,
  };
}

function viewOf(name: SystemTemplateName, stored: StoredSystemTemplate | undefined): SystemTemplateView {
  const source = systemTemplateSource(name, stored);
  const builtIn = systemTemplateSource(name);
  return {
    ...summaryOf(name, stored),
    body: source.body,
    text_body: source.text_body,
    built_in: { subject: builtIn.subject ?? '', body: builtIn.body, text_body: builtIn.text_body },
  };
}

function partsOf(override: SystemTemplateOverride): string[] {
  return (['subject', 'body', 'text_body'] as const).filter((p) => override[p] !== null);
}

/**
 * /admin/system-templates: Herald's own emails (sign-in link, invitation) and operators'
 * replacements of them. A replacement is read by the next such email, in that email's own
 * transaction (system-email.ts); no process caches it.
 */
export class SystemTemplatesService {
  private readonly repos: SystemTemplatesRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<SystemTemplatesRepositories>,
    /** APP_URL, for the sample links a preview shows. */
    private readonly appUrl: string,
  ) {
    this.repos = repositories(db);
  }

  async list(page: PageRequest): Promise<Page<SystemTemplateSummary>> {
    const stored = new Map((await this.repos.systemTemplates.list()).map((t) => [t.name, t]));
    const all = SYSTEM_TEMPLATE_NAMES.map((name) => summaryOf(name, stored.get(name)));
    const items = all.slice(offsetOf(page), offsetOf(page) + page.perPage);
    return pageOf(items, all.length, page);
  }

  async get(name: string): Promise<SystemTemplateView> {
    const key = knownName(name);
    return viewOf(key, await this.repos.systemTemplates.find(key));
  }

  replace(actor: AdminActor, name: string, input: SystemTemplateInput): Promise<SystemTemplateView> {
    const key = knownName(name);
    const override = checkOverride(key, input);
    return this.db.transaction(async (tx) => {
      const templates = this.repositories(tx).systemTemplates;
      const before = await templates.find(key);
      await templates.upsert(key, override, { userId: actor.userId, systemAccountId: actor.systemAccountId ?? null });
      await auditAdminAction(
        tx,
        actor,
        'system_template.updated',
        {},
        {
          target_id: key,
          was_customized: before !== undefined,
          parts: partsOf(override),
        },
      );
      return viewOf(key, await templates.find(key));
    });
  }

  /** Idempotent: the built-in template is what the next email uses, whether or not there was a replacement. */
  restore(actor: AdminActor, name: string): Promise<SystemTemplateView> {
    const key = knownName(name);
    return this.db.transaction(async (tx) => {
      const removed = await this.repositories(tx).systemTemplates.delete(key);
      await auditAdminAction(tx, actor, 'system_template.restored', {}, { target_id: key, was_customized: removed });
      return viewOf(key, undefined);
    });
  }

  /** Renders a draft (when `body` is given), else what the next email would use; nothing is sent or stored. */
  async preview(name: string, input: PreviewInput): Promise<SystemTemplatePreview> {
    const key = knownName(name);
    const { variables = {}, ...draft } = input;
    checkPreviewValues(key, variables);
    if (draft.body === undefined && (draft.subject !== undefined || draft.text_body !== undefined)) {
      throw new ValidationFailed([{ loc: ['body', 'body'], msg: 'a draft to preview needs its body', type: 'missing' }]);
    }
    let source: SystemTemplatePreview['source'];
    let override: SystemTemplateOverride | undefined;
    if (draft.body !== undefined) {
      override = checkOverride(key, { ...draft, body: draft.body });
      source = 'draft';
    } else {
      override = await this.repos.systemTemplates.find(key);
      source = override ? 'customized' : 'built_in';
    }
    const values = { ...builtInSystemTemplate(key).samples(this.appUrl), ...variables };
    const { content } = renderContent(systemTemplateSource(key, override), values);
    return { name: key, source, subject: content.subject ?? '', html: content.html ?? '', text: content.text, values };
  }
}
