import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * test/ mirrors the source so a test can be found from the code it exercises: test/api/<area>/
 * for each area folder of services/api/src, test/<service>/ for the other services, test/<lib>/
 * for a lib, test/system/ for whole-deployment checks, test/support/ for shared helpers.
 */
const ROOT = join(__dirname, '..', '..');
const TEST = join(ROOT, 'test');

/** Folders of services/api/src that are plumbing, not areas: their tests may sit in test/api/<name>/. */
const API_PLUMBING = ['http', 'shared', 'cli'];

const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
/** A folder a checkout left behind empty (git tracks files only) places nothing. */
const holdsFiles = (dir: string): boolean =>
  readdirSync(dir, { withFileTypes: true }).some((e) => e.isFile() || (e.isDirectory() && holdsFiles(join(dir, e.name))));
const placedFoldersOf = (dir: string) => foldersOf(dir).filter((name) => holdsFiles(join(dir, name)));
const testsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.test.ts')) : []);

const apiAreas = foldersOf(join(ROOT, 'services', 'api', 'src')).filter((name) => !API_PLUMBING.includes(name));
const services = foldersOf(join(ROOT, 'services')).filter((name) => name !== 'api');
const libs = foldersOf(join(ROOT, 'libs'));

describe('the layout of test/', () => {
  it('gives every area of services/api/src a test/api/<area>/ folder with at least one test', () => {
    expect(apiAreas.length).toBeGreaterThan(0);
    const untested = apiAreas.filter((area) => testsIn(join(TEST, 'api', area)).length === 0);
    expect(untested.map((area) => `api area ${area} has no test in test/api/${area}/`)).toEqual([]);
  });

  it('names an api area or plumbing folder with every folder of test/api/', () => {
    const stray = placedFoldersOf(join(TEST, 'api')).filter((name) => !apiAreas.includes(name) && !API_PLUMBING.includes(name));
    expect(stray.map((name) => `test/api/${name}/ names no folder of services/api/src`)).toEqual([]);
  });

  it('names a service, a lib, system or support with every folder of test/', () => {
    const known = ['api', ...services, ...libs, 'system', 'support'];
    const stray = placedFoldersOf(TEST).filter((name) => !known.includes(name));
    expect(stray.map((name) => `test/${name}/ names no service, lib, system or support`)).toEqual([]);
  });

  it('keeps no test directly in test/ or test/api/', () => {
    const loose = [...testsIn(TEST).map((name) => `test/${name}`), ...testsIn(join(TEST, 'api')).map((name) => `test/api/${name}`)];
    expect(loose).toEqual([]);
  });
});
