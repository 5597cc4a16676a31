import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the organization page: a second-level heading (the page's h1 is the organization) and its actions. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
