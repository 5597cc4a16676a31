import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { Page } from '../shared/page';
import { EMPTY_DRAFT, toCreate } from './template-draft';
import { TemplateEditor } from './template-editor';
import { useCreateTemplate } from './templates.queries';

const STARTER = { ...EMPTY_DRAFT, subject: 'Welcome, {{user.name}}', body: '<p>Hi {{user.name}},</p>\n<p>Thanks for signing up.</p>' };
const STARTER_SAMPLE = JSON.stringify({ user: { name: 'Ada' } }, null, 2);

export function NewTemplatePage() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const create = useCreateTemplate();
  return (
    <Page
      title="New template"
      actions={
        <Anchor component={Link} to={`/projects/${projectId}/templates`}>
          All templates
        </Anchor>
      }
    >
      <TemplateEditor
        initial={STARTER}
        initialSample={STARTER_SAMPLE}
        channelFixed={false}
        submitLabel="Create template"
        saving={create.isPending}
        saveError={create.error}
        onSubmit={(draft, sampleText) =>
          create.mutate(toCreate(draft), {
            onSuccess: (template) => {
              notifications.show({ color: 'green', message: `Template ${template.name} created` });
              navigate(`/projects/${projectId}/templates/${template.id}`, { replace: true, state: { sampleText } });
            },
          })
        }
      />
    </Page>
  );
}
