import { Group, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

interface PageProps {
  title: string;
  /** The product the tab names after the screen: the console is Herald, the portal a project's "Webhooks". */
  titleSuffix?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** Names the tab after the screen, so a screen reader and the tab strip say where you are. */
export function useDocumentTitle(title: string, suffix = 'Herald') {
  useEffect(() => {
    document.title = `${title} · ${suffix}`;
  }, [title, suffix]);
}

/** Every screen's heading and document title. */
export function Page({ title, titleSuffix, actions, children }: PageProps) {
  useDocumentTitle(title, titleSuffix);
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
