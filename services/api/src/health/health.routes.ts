import type { Database } from '@herald/db';
import type { MessageQueue } from '@herald/messaging';
import { notConnected } from './platform-health';
import { routes, type RouteTable } from '../http/route-table';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

/** Healthy only when both PostgreSQL and the queue answer; a 503 names the one that does not. */
export function healthRoutes(db: Database, broker: MessageQueue): RouteTable {
  return routes().get('/health', async (_req, res) => {
    const database = await withTimeout(db.ping(), 2000).then(
      () => 'ok',
      (err: Error) => `error: ${err.message}`,
    );
    const brokerState = broker.isConnected ? 'ok' : `error: ${notConnected(broker)}`;
    const healthy = database === 'ok' && brokerState === 'ok';
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'healthy' : 'unhealthy', checks: { database, broker: brokerState } });
  });
}
