import { Alert, Anchor, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The card every one-time link lands on while it is spent: a spinner, or why it did not work. */
export function SigningInFrame({
  title,
  error,
  failedTitle,
  children,
}: {
  title: string;
  error?: string;
  failedTitle: string;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Herald`;
  }, [title]);
  return (
    <Center mih="100vh" component="main">
      <Paper withBorder p="xl" w={440} maw="100%">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {error ? (
            <Alert color="red" role="alert" title={failedTitle}>
              {error}{' '}
              <Anchor component={Link} to="/sign-in">
                Ask for a new one
              </Anchor>
              .
            </Alert>
          ) : (
            (children ?? <Loader aria-label={title} />)
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
