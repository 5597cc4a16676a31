import { Button, Code, CopyButton, Group, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { EventCreate } from './event-draft';
import { apiBaseUrl, curlSnippet, typescriptSnippet } from './snippets';

/** The form's request as code a developer can paste, updated as they type; the key stays a placeholder. */
export function RequestSnippets({ body }: { body: EventCreate }) {
  const baseUrl = apiBaseUrl();
  return (
    <Stack gap="md">
      <Snippet title="curl" code={curlSnippet(body, baseUrl)} />
      <Snippet title="TypeScript (@herald/client)" code={typescriptSnippet(body, baseUrl)} />
    </Stack>
  );
}

function Snippet({ title, code }: { title: string; code: string }) {
  const id = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={copied ? `Copied ${title}` : `Copy ${title}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* Focusable, so a keyboard can scroll a long snippet sideways. */}
      <Code block tabIndex={0} style={{ maxHeight: 420, overflow: 'auto' }}>
        {code}
      </Code>
    </Stack>
  );
}
