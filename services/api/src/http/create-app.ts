import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { Broker } from '@herald/messaging';
import express, { type Express } from 'express';
import './express-augment';
import type { ApiKeyAuthenticator } from '../domain/api-key-authenticator';
import type { EventIntake } from '../domain/create-event.use-case';
import { errorHandler } from './error-handler';
import { openApiMiddleware } from './openapi.middleware';
import { requestContext } from './request-context.middleware';
import { eventRoutes } from './routes/event.routes';
import { healthRoutes } from './routes/health.routes';
import { notificationRoutes } from './routes/notification.routes';
import { suppressionRoutes } from './routes/suppression.routes';
import { templateRoutes } from './routes/template.routes';

export const BASE_PATH = '/api/v1';

export interface AppDeps {
  db: Database;
  broker: Broker;
  logger: Logger;
  authenticator: ApiKeyAuthenticator;
  intake: EventIntake;
  validateResponses: boolean;
}

/** request id -> JSON body -> openapi (security, then validation) -> routes -> one error handler. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestContext);
  app.use(express.json({ limit: '10mb' }));
  app.use(openApiMiddleware(deps.authenticator, deps.validateResponses));
  const api = express.Router();
  api.use(healthRoutes(deps.db, deps.broker));
  api.use(eventRoutes(deps.intake));
  api.use(notificationRoutes(deps.db));
  api.use(templateRoutes(deps.db));
  api.use(suppressionRoutes(deps.db));
  app.use(BASE_PATH, api);
  app.use((_req, res) => {
    res.status(404).json({ detail: 'not found' });
  });
  app.use(errorHandler(deps.logger));
  return app;
}
