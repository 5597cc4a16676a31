import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { Page } from '../shared/page';
import { useImportTemplate } from './templates.queries';
import { CodeTextarea } from '../shared/code-textarea';

/** The samples as the api wants them: names to the exact text each stands for in the HTML. */
function parseSamples(text: string): { values: Record<string, string> } | { error: string } {
  if (text.trim() === '') return { values: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { error: 'Write a JSON object of names to sample text' };
    const entries = Object.entries(parsed);
    const wrong = entries.find(([, v]) => typeof v !== 'string');
    if (wrong) return { error: `The sample for ${wrong[0]} must be a string` };
    return { values: Object.fromEntries(entries) as Record<string, string> };
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
}

/**
 * An email someone already has, as HTML, becomes a template: each sample value (text that occurs
 * once in the HTML) becomes that variable's placeholder. Nothing is guessed; the api says which
 * sample it could not place.
 */
export function ImportTemplatePage() {
  const projectId = useProjectId();
  const navigate = useNavigate();
  const run = useImportTemplate();
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [samples, setSamples] = useState('{\n  "name": "Ada"\n}');
  const [samplesError, setSamplesError] = useState<string>();

  const failure = run.error instanceof ApiError ? run.error : undefined;
  const variableErrors = failure?.fields.filter((f) => f.field === 'variables' || f.field.startsWith('variables.')) ?? [];
  const samplesMessage =
    samplesError ??
    (variableErrors.length
      ? variableErrors.map((f) => (f.field === 'variables' ? f.message : `${f.field.slice('variables.'.length)}: ${f.message}`)).join('; ')
      : undefined);
  const atFields = failure?.fields.length ? failure.fields.every((f) => /^(name|subject|html|variables)(\.|$)/.test(f.field)) : false;

  return (
    <Page
      title="Import a template from HTML"
      actions={
        <Anchor component={Link} to={`/projects/${projectId}/templates`}>
          All templates
        </Anchor>
      }
    >
      <Text size="sm" maw={720}>
        Paste an email as HTML with real values in it, and say which text stands for which variable. Each sample must occur exactly once, in
        the text of the HTML (not in an attribute); it becomes <code>{'{{name}}'}</code>. A sample found once in the subject is replaced
        there too. The result is an email template you can then edit.
      </Text>
      <form
        aria-label="Import"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseSamples(samples);
          if ('error' in parsed) {
            setSamplesError(parsed.error);
            return;
          }
          setSamplesError(undefined);
          run.mutate(
            { name: name.trim(), html, variables: parsed.values, ...(subject ? { subject } : {}) },
            {
              onSuccess: (template) => {
                notifications.show({ color: 'green', message: `Template ${template.name} imported` });
                navigate(`/projects/${projectId}/templates/${template.id}`);
              },
            },
          );
        }}
      >
        <Stack gap="sm" maw={720}>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={failure?.fieldMessage('name')}
          />
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={failure?.fieldMessage('subject')}
            maxLength={500}
          />
          <CodeTextarea
            label="HTML"
            required
            value={html}
            onChange={(e) => setHtml(e.currentTarget.value)}
            error={failure?.fieldMessage('html')}
            minRows={8}
            maxRows={24}
          />
          <CodeTextarea
            label="Sample values (JSON)"
            description='Variable names to the text each replaces, e.g. {"name": "Ada", "order.id": "A-1001"}.'
            value={samples}
            onChange={(e) => setSamples(e.currentTarget.value)}
            error={samplesMessage}
            minRows={3}
          />
          {run.error && !atFields ? <ErrorAlert error={run.error} title="Not imported" /> : null}
          <Button type="submit" loading={run.isPending} w="fit-content">
            Import template
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
