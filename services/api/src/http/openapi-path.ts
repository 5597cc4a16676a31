import { join } from 'node:path';

/** openapi.yaml sits at the repository root; compiled code runs from services/api/dist/http. */
export const OPENAPI_PATH = join(__dirname, '..', '..', '..', '..', 'openapi.yaml');
