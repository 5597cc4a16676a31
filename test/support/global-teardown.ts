/** Stops the embedded PostgreSQL global setup started, if it did (the same process runs both). */
export default async function globalTeardown(): Promise<void> {
  await globalThis.heraldEmbeddedPostgres?.stop();
}
