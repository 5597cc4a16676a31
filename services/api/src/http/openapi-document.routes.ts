import { routes, type RouteTable } from './route-table';
import { readFileSync } from 'node:fs';
import { OPENAPI_PATH } from './openapi-path';

/**
 * GET /openapi.yaml: the very document this process validates requests against, read once at
 * start, so a client generator or a reviewer always sees the contract of the version running.
 */
export function openApiDocumentRoutes(): RouteTable {
  const document = readFileSync(OPENAPI_PATH);
  return routes().get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').setHeader('Cache-Control', 'public, max-age=300');
    res.send(document);
  });
}
