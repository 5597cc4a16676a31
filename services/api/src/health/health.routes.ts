import type { Database } from '@herald/db';
import type { Broker } from '@herald/messaging';
import { Router } from 'express';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

/** Healthy only when both PostgreSQL and RabbitMQ answer; a 503 names the one that does not. */
export function healthRoutes(db: Database, broker: Broker): Router {
  return Router().get('/health', async (_req, res) => {
    const database = await withTimeout(db.ping(), 2000).then(
      () => 'ok',
      (err: Error) => `error: ${err.message}`,
    );
    const brokerState = broker.isConnected ? 'ok' : 'error: not connected to RabbitMQ';
    const healthy = database === 'ok' && brokerState === 'ok';
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'healthy' : 'unhealthy', checks: { database, broker: brokerState } });
  });
}
