import type { Config } from '@herald/config';
import request from 'supertest';
import type { BootstrapResult } from '../../services/api/src/projects/bootstrap.use-case';
import { deleteTestTopology } from './amqp-cleanup';
import { aProject } from './projects';
import { startSystem, type RunningSystem, type Part } from './system';
import { testConfig } from './test-env';

export interface SystemFixture {
  config: Config;
  system: RunningSystem;
  /** The project made for this file, with its key and signing secret. */
  project: BootstrapResult;
  key: string;
  /** supertest against the running gateway; paths start with /api/v1. */
  http(): ReturnType<typeof request>;
}

/**
 * Starts the system once for a test file (its own AMQP namespace) with one project, and tears
 * it down after; fields are filled in by beforeAll, so read them inside tests.
 */
export function useSystem(
  options: { env?: Record<string, string>; extra?: Array<(c: Config) => Promise<Part>>; owner?: string } = {},
): SystemFixture {
  const fixture = { config: testConfig(options.env) } as SystemFixture;
  beforeAll(async () => {
    fixture.system = await startSystem(fixture.config, options.extra);
    fixture.project = await aProject(fixture.system.api.db, fixture.config, undefined, options.owner);
    fixture.key = fixture.project.api_key;
    const origin = fixture.system.api.baseUrl.replace(/\/api\/v1$/, '');
    fixture.http = () => request(origin);
  });
  afterAll(async () => {
    await fixture.system?.stop();
    await deleteTestTopology(fixture.config);
  });
  return fixture;
}
