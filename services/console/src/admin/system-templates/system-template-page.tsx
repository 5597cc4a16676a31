import { Anchor, Button, Code, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { Page } from '../../shared/page';
import { useAdminPermissions } from '../admin-permissions';
import { ConfirmModal } from '../accounts/confirm-modal';
import { contentOf } from './system-live-preview';
import { SystemTemplateEditor } from './system-template-editor';
import { useResetSystemTemplate, useSaveSystemTemplate, useSystemTemplate, type SystemTemplate } from './system-templates.query';
import { ChangedBy, StateBadge } from './template-state';

const back = (
  <Anchor component={Link} to="/admin/system-templates">
    All system templates
  </Anchor>
);

export function SystemTemplatePage() {
  const name = useParams().name!;
  const template = useSystemTemplate(name);
  if (template.isPending)
    return (
      <Page title="System template" actions={back}>
        <Loader aria-label="Loading the system template" />
      </Page>
    );
  if (template.error)
    return (
      <Page title="System template" actions={back}>
        <ErrorAlert error={template.error} title="Cannot show this system template" />
      </Page>
    );
  return <SystemTemplateDetail template={template.data} />;
}

function SystemTemplateDetail({ template }: { template: SystemTemplate }) {
  const { has } = useAdminPermissions();
  const writable = has('system_templates:write');
  const save = useSaveSystemTemplate(template.name);
  // The sample values are the person's: they outlive a save or a reset, which start the fields afresh.
  const [sampleText, setSampleText] = useState('');
  return (
    <Page title={`System template ${template.name}`} actions={back}>
      <Group gap="sm">
        <StateBadge template={template} />
        <ChangedBy template={template} />
      </Group>
      <Text size="sm">{template.description}</Text>
      <Stack gap={4}>
        <Title order={2} size="h4">
          Variables
        </Title>
        <List size="sm">
          {template.variables.map((v) => (
            <List.Item key={v.name}>
              <Code>{`{{${v.name}}}`}</Code> {v.description}
              {v.required && ' (required)'}
            </List.Item>
          ))}
        </List>
      </Stack>
      <SystemTemplateEditor
        key={`${template.customized}-${template.updated_at ?? ''}`}
        name={template.name}
        initial={{ subject: template.subject, body: template.body, text_body: template.text_body ?? '' }}
        sampleText={sampleText}
        onSampleChange={setSampleText}
        writable={writable}
        saving={save.isPending}
        saveError={save.error}
        onSave={(draft) =>
          save.mutate(contentOf(draft), {
            onSuccess: () => notifications.show({ color: 'green', message: `${template.name} saved: the next such email uses it` }),
          })
        }
        actions={template.customized ? <ResetButton name={template.name} onReset={() => save.reset()} /> : undefined}
      />
    </Page>
  );
}

function ResetButton({ name, onReset }: { name: string; onReset(): void }) {
  const reset = useResetSystemTemplate(name);
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    reset.reset();
  };
  return (
    <>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        Reset to built-in
      </Button>
      <ConfirmModal
        opened={asking}
        title={`Reset ${name}?`}
        consequence="The replacement is removed and the next such email uses Herald's built-in template again."
        confirmLabel="Reset to built-in"
        pending={reset.isPending}
        error={reset.error}
        errorTitle="Not reset"
        onClose={close}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `${name} is the built-in template again` });
              onReset();
              close();
            },
          })
        }
      />
    </>
  );
}
