/** PostgreSQL SQLSTATE codes the application reacts to. */
export const PgError = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  duplicateDatabase: '42P04',
  invalidCatalogName: '3D000',
  invalidTextRepresentation: '22P02',
  deadlockDetected: '40P01',
} as const;

export function hasPgCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** 57P01-57P03: the server is shutting down, crashed, or not accepting connections yet; 53300: too many connections. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says, with no code, when it lost a connection or could not get one in time. */
const DRIVER_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /^timeout exceeded when trying to connect/];

/**
 * True when a statement failed because PostgreSQL could not be reached, not because of the
 * statement: the same request can succeed later. SQLSTATE class 08 is "connection exception".
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // Node tries every address of a host name and throws them together (AggregateError).
  if (Array.isArray(errors) && errors.length > 0) return errors.every(isDatabaseUnreachable);
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message));
}
