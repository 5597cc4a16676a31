import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { TemplatePreview } from '../../templates/template-preview';
import { useSystemLivePreview, type SystemDraft } from './system-live-preview';
import { CodeTextarea } from '../../shared/code-textarea';

interface Props {
  name: string;
  initial: SystemDraft;
  sampleText: string;
  onSampleChange(text: string): void;
  /** Without system_templates:write the fields are read only and nothing is offered to save. */
  writable: boolean;
  saving: boolean;
  saveError: unknown;
  onSave(draft: SystemDraft): void;
  actions?: ReactNode;
}

const PARTS = ['subject', 'body', 'text_body'] as const;

/** The replacement's parts on one side and the email they render to on the other. */
export function SystemTemplateEditor({ name, initial, sampleText, onSampleChange, writable, saving, saveError, onSave, actions }: Props) {
  const [draft, setDraft] = useState(initial);
  const live = useSystemLivePreview(name, draft, sampleText);
  const set = (part: keyof SystemDraft) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [part]: value }));
  };
  // A refusal (the {{link}} placement rule, an unknown variable) shows at its part: the save's,
  // else the preview's while typing.
  const saveFailure = saveError instanceof ApiError ? saveError : undefined;
  const previewFailure = live.preview.error instanceof ApiError ? live.preview.error : undefined;
  const errorOf = (part: keyof SystemDraft) => saveFailure?.fieldMessage(part) ?? previewFailure?.fieldMessage(part);
  const shownAtParts = saveFailure?.fields.length ? saveFailure.fields.every((f) => (PARTS as readonly string[]).includes(f.field)) : false;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <form
          aria-label="System template"
          onSubmit={(e) => {
            e.preventDefault();
            onSave(draft);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Subject"
              description="Left empty, the built-in subject is used."
              value={draft.subject}
              onChange={set('subject')}
              error={errorOf('subject')}
              readOnly={!writable}
              maxLength={500}
            />
            <CodeTextarea
              label="HTML body"
              description="{{link}} may stand only as a link's whole href or as text of its own."
              required
              value={draft.body}
              onChange={set('body')}
              error={errorOf('body')}
              readOnly={!writable}
              minRows={8}
              maxRows={24}
            />
            <CodeTextarea
              label="Text body"
              description="The plain-text part; left empty, it is made from the HTML."
              value={draft.text_body}
              onChange={set('text_body')}
              error={errorOf('text_body')}
              readOnly={!writable}
              minRows={3}
              maxRows={12}
            />
            {saveError && !shownAtParts ? <ErrorAlert error={saveError} title="Not saved" /> : null}
            {writable && (
              <Group justify="space-between">
                <Button type="submit" loading={saving}>
                  Save template
                </Button>
                {actions}
              </Group>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <TemplatePreview
          channel="email"
          live={live}
          sampleText={sampleText}
          onSampleChange={onSampleChange}
          sampleDescription="Optional, a flat JSON object: values to render with instead of Herald's samples."
        />
      </Grid.Col>
    </Grid>
  );
}
