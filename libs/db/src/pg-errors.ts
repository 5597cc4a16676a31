/** PostgreSQL SQLSTATE codes the application reacts to. */
export const PgError = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  duplicateDatabase: '42P04',
  invalidCatalogName: '3D000',
  invalidTextRepresentation: '22P02',
} as const;

export function hasPgCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}
