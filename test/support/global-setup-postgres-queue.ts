import { decideTestDatabase, freshDatabase } from './global-setup';

/** The jest project `integration:postgres-queue` runs on a fresh database of its own. */
export default async function globalSetup(): Promise<void> {
  await decideTestDatabase();
  // Loaded only now: it reads the database decided above from the environment.
  const { postgresQueueDatabaseUrl } = require('./test-env') as typeof import('./test-env');
  await freshDatabase(postgresQueueDatabaseUrl());
}
