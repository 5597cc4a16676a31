/** Code is edited in a monospace font; the field's label and description keep the page's. */
export const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
