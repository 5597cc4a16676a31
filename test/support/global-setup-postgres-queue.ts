import { freshDatabase } from './global-setup';
import { postgresQueueDatabaseUrl } from './test-env';

/** The jest project `integration:postgres-queue` runs on a fresh database of its own. */
export default async function globalSetup(): Promise<void> {
  await freshDatabase(postgresQueueDatabaseUrl());
}
