import { Button, Grid, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { useLivePreview } from './live-preview';
import type { TemplateDraft } from './template-draft';
import { TemplatePreview } from './template-preview';
import { CodeTextarea } from '../shared/code-textarea';

interface Props {
  initial: TemplateDraft;
  initialSample: string;
  /** A saved template's channel cannot change. */
  channelFixed: boolean;
  submitLabel: string;
  saving: boolean;
  saveError: unknown;
  /** The sample values go along, so a page that follows (the saved template's) can keep them. */
  onSubmit(draft: TemplateDraft, sampleText: string): void;
  /** More actions beside the submit button (delete). */
  actions?: ReactNode;
}

/** Parts whose syntax the preview checks as it renders: its 422s show at the field while typing. */
const RENDERED_PARTS = new Set(['subject', 'body', 'text_body']);

/** The template's fields on one side and what they render to on the other, for creating and editing alike. */
export function TemplateEditor({ initial, initialSample, channelFixed, submitLabel, saving, saveError, onSubmit, actions }: Props) {
  const [draft, setDraft] = useState(initial);
  const [sampleText, setSampleText] = useState(initialSample);
  const live = useLivePreview(draft, sampleText);
  // The value is read now: the event's currentTarget is gone by the time React runs the updater.
  const set =
    <K extends keyof TemplateDraft>(key: K) =>
    (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value as TemplateDraft[K];
      setDraft((d) => ({ ...d, [key]: value }));
    };

  const saveFailure = saveError instanceof ApiError ? saveError : undefined;
  const previewFailure = live.preview.error instanceof ApiError ? live.preview.error : undefined;
  const errorOf = (field: keyof TemplateDraft) =>
    saveFailure?.fieldMessage(field) ?? (RENDERED_PARTS.has(field) ? previewFailure?.fieldMessage(field) : undefined);
  const shownAtFields = saveFailure?.fields.length ? saveFailure.fields.every((f) => f.field in initial) : false;
  const email = draft.channel === 'email';

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <form
          aria-label="Template"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(draft, sampleText);
          }}
        >
          <Stack gap="sm">
            <TextInput label="Name" required value={draft.name} onChange={set('name')} error={errorOf('name')} maxLength={255} />
            <NativeSelect
              label="Channel"
              value={draft.channel}
              onChange={set('channel')}
              disabled={channelFixed}
              description={channelFixed ? 'A saved template keeps its channel.' : undefined}
              data={[
                { value: 'email', label: 'Email' },
                { value: 'sms', label: 'SMS' },
                { value: 'webhook', label: 'Webhook' },
              ]}
              error={errorOf('channel')}
            />
            {email && (
              <TextInput label="Subject" value={draft.subject} onChange={set('subject')} error={errorOf('subject')} maxLength={500} />
            )}
            <CodeTextarea
              label={email ? 'HTML body' : draft.channel === 'sms' ? 'SMS body' : 'Body'}
              description="Placeholders are {{name}} or dotted paths such as {{order.id}}; values are HTML-escaped in email bodies."
              required
              value={draft.body}
              onChange={set('body')}
              error={errorOf('body')}
              minRows={8}
              maxRows={24}
            />
            {email && (
              <>
                <CodeTextarea
                  label="Text body"
                  description="The plain-text alternative; left empty, it is made from the HTML."
                  value={draft.text_body}
                  onChange={set('text_body')}
                  error={errorOf('text_body')}
                  minRows={3}
                  maxRows={12}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label="From (local part)"
                    description="The part before @ of the sender's address."
                    value={draft.from_local}
                    onChange={set('from_local')}
                    error={errorOf('from_local')}
                    maxLength={64}
                  />
                  <TextInput
                    label="From name"
                    value={draft.from_name}
                    onChange={set('from_name')}
                    error={errorOf('from_name')}
                    maxLength={100}
                  />
                </Group>
                <TextInput
                  label="Reply-To"
                  type="email"
                  value={draft.reply_to}
                  onChange={set('reply_to')}
                  error={errorOf('reply_to')}
                  maxLength={254}
                />
              </>
            )}
            <NativeSelect
              label="When a variable is missing"
              value={draft.on_missing_variable}
              onChange={set('on_missing_variable')}
              data={[
                { value: 'error', label: 'Fail the notification' },
                { value: 'blank', label: 'Render it blank' },
              ]}
              error={errorOf('on_missing_variable')}
            />
            <TextInput
              label="Expected variables"
              description="Optional, comma-separated: saving fails unless the template uses exactly these."
              value={draft.variables}
              onChange={set('variables')}
              error={errorOf('variables')}
            />
            {saveError && !shownAtFields ? <ErrorAlert error={saveError} title="Not saved" /> : null}
            <Group justify="space-between">
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
              {actions}
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <TemplatePreview channel={draft.channel} live={live} sampleText={sampleText} onSampleChange={setSampleText} />
      </Grid.Col>
    </Grid>
  );
}
