import { Alert } from '@mantine/core';
import { describeError } from '../session/api-error';

/** An api failure where it happened, in words, announced to screen readers. */
export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title} role="alert" my="sm">
      {describeError(error)}
    </Alert>
  );
}
