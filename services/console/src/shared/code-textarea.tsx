import { Textarea } from '@mantine/core';
import type { ComponentProps } from 'react';

/** Code is edited in a monospace font; the field's label and description keep the page's. */
const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * A field where code is written (HTML, JSON, a template's body): monospace, not spell-checked,
 * growing with what it holds up to `maxRows`.
 */
export function CodeTextarea(props: ComponentProps<typeof Textarea>) {
  return <Textarea autosize spellCheck={false} styles={MONO} {...props} />;
}
