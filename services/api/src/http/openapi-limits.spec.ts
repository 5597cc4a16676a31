import { readFileSync } from 'node:fs';
import { adminPermissions } from '../admin/permissions';
import { OPENAPI_PATH } from './openapi-path';

/** The operations of openapi.yaml as text blocks, from one `operationId` to the next, with the path each is under. */
function operations(): Array<{ id: string; text: string; path: string }> {
  const paths = readFileSync(OPENAPI_PATH, 'utf8').split(/^(?:webhooks|components):/m)[0];
  return paths.split(/^(?= {2}\/)/m).flatMap((block) => {
    const path = /^ {2}(\/\S*):/.exec(block)?.[1] ?? '';
    return block
      .split(/^ {4}(?:get|post|put|patch|delete):$/m)
      .slice(1)
      .map((text) => ({ id: /operationId: (\w+)/.exec(text)?.[1] ?? '?', text, path }));
  });
}

describe('openapi.yaml names who may call every bearer operation', () => {
  it('when an operation takes a bearer, then it declares x-required-role (a role, or any) or x-required-permission', () => {
    const missing = operations()
      .filter((op) => /- BearerAuth:/.test(op.text))
      .filter((op) => !/x-required-role: (any|viewer|developer|admin|owner)\n/.test(op.text) && !/x-required-permission: /.test(op.text))
      .map((op) => op.id);
    expect(missing).toEqual([]);
  });

  it('when an operation is under /admin, then it takes a bearer and declares one x-required-permission of the twelve', () => {
    const admin = operations().filter((op) => op.path.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(0);
    const missing = admin
      .filter((op) => {
        const permission = /x-required-permission: (\S+)\n/.exec(op.text)?.[1];
        return !/- BearerAuth:/.test(op.text) || !adminPermissions().includes(permission ?? '');
      })
      .map((op) => op.id);
    expect(missing).toEqual([]);
  });
});

describe('openapi.yaml documents a limit for every input', () => {
  it('when an operation takes a body, then it declares x-body-limit-bytes and a 413', () => {
    const missing = operations()
      .filter((op) => /^ {6}requestBody:/m.test(op.text))
      .filter((op) => !/x-body-limit-bytes: \d+/.test(op.text) || !/'413':/.test(op.text))
      .map((op) => op.id);
    expect(missing).toEqual([]);
  });

  it('when a query parameter is numeric, then it has a minimum and a maximum', () => {
    const doc = readFileSync(OPENAPI_PATH, 'utf8');
    const numericQuery = [...doc.matchAll(/in: query\n(?:\s+\w+:.*\n)*?\s+schema: \{ type: (?:integer|number)[^}]*\}/g)].map((m) => m[0]);
    expect(numericQuery.length).toBeGreaterThan(0);
    expect(numericQuery.filter((p) => !/minimum:/.test(p) || !/maximum:/.test(p))).toEqual([]);
  });
});

describe('openapi.yaml keeps tokens and secrets out of caches', () => {
  const CARRIES_SECRET = /\b(access_token|refresh_token|webhook_signing_secret|secret|key): \{ type: string/;

  it('when an operation is marked x-no-store, then its answer documents Cache-Control: no-store', () => {
    const marked = operations().filter((op) => /x-no-store: true/.test(op.text));
    expect(marked.length).toBeGreaterThanOrEqual(10);
    expect(
      marked.filter((op) => !/Cache-Control: \{ \$ref: '#\/components\/headers\/NoStore' \}/.test(op.text)).map((op) => op.id),
    ).toEqual([]);
  });

  it('when an operation answers a token or a secret, then it is marked x-no-store', () => {
    const components = readFileSync(OPENAPI_PATH, 'utf8').split(/^components:/m)[1];
    const secretSchemas = [...components.matchAll(/^ {4}(\w+):\n((?: {6}.*\n|\n)*)/gm)]
      .filter(([, , body]) => CARRIES_SECRET.test(body))
      .map(([, name]) => name);
    expect(secretSchemas.length).toBeGreaterThan(0);
    const answersSecret = (text: string) =>
      CARRIES_SECRET.test(text) || secretSchemas.some((name) => text.includes(`#/components/schemas/${name}'`));
    const unmarked = operations()
      .filter((op) => answersSecret(successOf(op.text)) && !/x-no-store: true/.test(op.text))
      .map((op) => op.id);
    expect(unmarked).toEqual([]);
  });
});

/** The 2xx answers of an operation's text block. */
function successOf(text: string): string {
  return /^ {8}'2\d\d':\n((?: {10}.*\n)*)/m.exec(text)?.[1] ?? '';
}
