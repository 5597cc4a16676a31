import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../shared/error-alert';
import { HtmlFrame } from '../shared/html-frame';
import { parseSample, sampleValues } from './template-draft';
import type { Channel } from './templates.queries';
import { CodeTextarea } from '../shared/code-textarea';

/** What is shown: a project template's rendering, or one of Herald's own (no SMS parts, no missing variables). */
export interface Rendering {
  subject: string | null;
  html: string | null;
  text: string;
  missing_variables?: string[];
  encoding?: string;
  segments?: number;
}

/** The rendering of what is being typed (useLivePreview, or the system templates' own). */
export interface LivePreview {
  preview: { data?: Rendering; error: unknown };
  sampleError?: string;
  /** True while the shown rendering is older than what was typed. */
  pending: boolean;
  empty: boolean;
}

interface Props {
  channel: Channel;
  live: LivePreview;
  sampleText: string;
  onSampleChange(text: string): void;
  /** What the sample values are, where "the values an event would send" is not it. */
  sampleDescription?: string;
}

/**
 * What the template renders to with the sample values: subject, the HTML as a mail client shows
 * it (HtmlFrame: the template's HTML reaches nothing of the console) and the text. The sample values are the person's to edit, as JSON shaped like an event's variables.
 */
export function TemplatePreview({ channel, live, sampleText, onSampleChange, sampleDescription }: Props) {
  const { preview, sampleError, pending, empty } = live;
  const rendered = preview.data;
  const missing = rendered?.missing_variables ?? [];
  const fillMissing = () => {
    const parsed = parseSample(sampleText);
    if ('values' in parsed) onSampleChange(JSON.stringify(sampleValues(missing, parsed.values), null, 2));
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="preview-heading">
      <Title order={2} size="h4" id="preview-heading">
        Preview
      </Title>
      <CodeTextarea
        label="Sample variables (JSON)"
        description={sampleDescription ?? 'The values an event would send; the preview renders with them.'}
        value={sampleText}
        onChange={(e) => onSampleChange(e.currentTarget.value)}
        error={sampleError}
        minRows={3}
        maxRows={12}
      />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" role="status">
          {empty
            ? 'Type a body to see it rendered.'
            : pending
              ? 'Rendering…'
              : missing.length
                ? `Rendered; no value for ${missing.join(', ')}`
                : 'Rendered with the sample values.'}
        </Text>
        {missing.length > 0 && !sampleError && (
          <Button size="xs" variant="light" onClick={fillMissing}>
            Add missing variables to the sample
          </Button>
        )}
      </Group>
      {preview.error ? <ErrorAlert error={preview.error} title="Cannot render this template yet" /> : null}
      {rendered && !empty && (
        <>
          {channel === 'email' && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Subject
              </Text>
              <Text>
                {rendered.subject || (
                  <Text span c="dimmed">
                    (no subject)
                  </Text>
                )}
              </Text>
            </Stack>
          )}
          {rendered.html !== null && (
            <Paper withBorder radius="sm" style={{ overflow: 'hidden', background: 'white' }}>
              <HtmlFrame title="HTML preview" html={rendered.html} />
            </Paper>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {channel === 'email' ? 'Plain text' : 'Message'}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {rendered.text}
            </Code>
          </Stack>
          {rendered.segments !== undefined && (
            <Group gap="xs">
              <Badge variant="light">{rendered.encoding}</Badge>
              <Text size="sm">
                {rendered.segments} {rendered.segments === 1 ? 'segment' : 'segments'}
                {rendered.segments > 1 && ': sent as a concatenated message, billed per segment'}
              </Text>
            </Group>
          )}
        </>
      )}
      {!rendered && !empty && !pending && !preview.error && !sampleError && (
        <Alert color="gray" variant="light">
          No preview yet.
        </Alert>
      )}
    </Stack>
  );
}
