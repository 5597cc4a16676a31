import { routes, type RouteTable } from '../http/route-table';
import type { TemplateRepository, TemplateRow } from './template.repository';
import { importTemplate } from './template-import';
import { TRANSACTIONAL } from './template-fields';
import type { TemplatesService } from './templates.service';
import { callerOf, pageOf, stringQuery } from '../http/caller';

/** One representation for every template answer; list items are a subset. */
function present(t: TemplateRow) {
  const { project_id: _project, variables, category, ...rest } = t;
  return { ...rest, category: category ?? TRANSACTIONAL, variables, detected_variables: variables };
}

export function templateRoutes({ repo, templates }: { repo: TemplateRepository; templates: TemplatesService }): RouteTable {
  const router = routes();

  router.get('/templates', async (req, res) => {
    res.json(await repo.list(callerOf(req).projectId, stringQuery(req, 'channel'), pageOf(req)));
  });

  router.post('/templates', async (req, res) => {
    res.status(201).json(present(await templates.create(callerOf(req).projectId, req.body)));
  });

  router.post('/templates/import', async (req, res) => {
    const { subject, body } = importTemplate(req.body);
    const created = await templates.create(callerOf(req).projectId, { name: req.body.name, channel: 'email', subject, body });
    res.status(201).json(present(created));
  });

  router.post('/templates/preview', async (req, res) => {
    const { variables, ...content } = req.body;
    res.json(templates.previewContent(content, variables));
  });

  router.put('/templates/by-name/:name', async (req, res) => {
    const channel = stringQuery(req, 'channel') ?? 'email';
    const { row, created } = await templates.upsertByName(
      callerOf(req).projectId,
      req.params.name,
      channel as TemplateRow['channel'],
      req.body,
    );
    res.status(created ? 201 : 200).json(present(row));
  });

  router.get('/templates/:id', async (req, res) => {
    res.json(present(await templates.get(callerOf(req).projectId, req.params.id)));
  });

  router.put('/templates/:id', async (req, res) => {
    res.json(present(await templates.update(callerOf(req).projectId, req.params.id, req.body)));
  });

  router.delete('/templates/:id', async (req, res) => {
    await templates.delete(callerOf(req).projectId, req.params.id);
    res.status(204).end();
  });

  router.post('/templates/:id/preview', async (req, res) => {
    res.json(await templates.preview(callerOf(req).projectId, req.params.id, req.body.variables));
  });

  return router;
}
