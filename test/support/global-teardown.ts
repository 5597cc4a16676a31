import { deleteRegisteredTopologies } from './test-topology-registry';

/**
 * Deletes the queues and exchanges every test file's configuration could have created, then
 * stops the embedded PostgreSQL global setup started, if it did (the same process runs both).
 */
export default async function globalTeardown(): Promise<void> {
  try {
    await deleteRegisteredTopologies();
  } finally {
    await globalThis.heraldEmbeddedPostgres?.stop();
  }
}
