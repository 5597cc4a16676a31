import { Group, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** A portal screen's heading and document title (the tab, or the frame's title for a screen reader). */
export function PortalPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Webhooks`;
  }, [title]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
