import { Anchor, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { DeleteTemplateButton } from './delete-template-button';
import { draftOf, sampleValues, toPatch } from './template-draft';
import { TemplateEditor } from './template-editor';
import { useTemplate, useUpdateTemplate } from './templates.queries';

export function EditTemplatePage() {
  const projectId = useProjectId();
  const id = useParams().id!;
  const template = useTemplate(id);
  const update = useUpdateTemplate(id);
  // Just created: the sample values typed on the new template's page come along.
  const carried = (useLocation().state as { sampleText?: string } | null)?.sampleText;
  const back = (
    <Anchor component={Link} to={`/projects/${projectId}/templates`}>
      All templates
    </Anchor>
  );
  if (template.isPending)
    return (
      <Page title="Template" actions={back}>
        <Loader aria-label="Loading the template" />
      </Page>
    );
  if (template.error)
    return (
      <Page title="Template" actions={back}>
        <ErrorAlert error={template.error} title="Cannot show this template" />
      </Page>
    );
  const t = template.data;
  return (
    <Page title={`Template ${t.name}`} actions={back}>
      <Text size="sm" c="dimmed">
        {t.channel} template · id <code>{t.id}</code> · last changed {formatTime(t.updated_at)}
      </Text>
      <TemplateEditor
        // Another template starts the editor afresh; reading this one again after a save does not
        // (the fields already say what was saved, and the sample values are the person's).
        key={t.id}
        initial={draftOf(t)}
        initialSample={carried ?? JSON.stringify(sampleValues(t.variables), null, 2)}
        channelFixed
        submitLabel="Save changes"
        saving={update.isPending}
        saveError={update.error}
        onSubmit={(draft) =>
          update.mutate(toPatch(draft), {
            onSuccess: (saved) => notifications.show({ color: 'green', message: `Template ${saved.name} saved` }),
          })
        }
        actions={<DeleteTemplateButton id={t.id} name={t.name} />}
      />
    </Page>
  );
}
