import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';

interface ShownOnceProps {
  /** What the secret is, as the field's label ("New API key"). */
  label: string;
  secret: string;
  /** Why it matters and what to do with it. */
  warning: string;
}

/**
 * A secret the api returns once and stores only as a hash: shown in a read-only field (selectable
 * by hand too), with a copy button and a warning that it cannot be shown again.
 */
export function ShownOnce({ label, secret, warning }: ShownOnceProps) {
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        title="Copy it now: it is not shown again"
        role="status"
        // Mantine's yellow title on the yellow tint is too faint to read; the body's color is not.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {warning}
      </Alert>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={secret}
          readOnly
          flex={1}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant="light" color={copied ? 'teal' : undefined}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
