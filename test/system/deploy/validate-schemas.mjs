// Validates Kubernetes objects (a JSON array on stdin) against the JSON schemas compiled into the
// kubernetes-models packages, and prints one array of error strings per object. A separate ES
// module because those packages ship ES modules only, which jest's CommonJS runtime cannot load.
import { readFileSync } from 'node:fs';

const kinds = JSON.parse(readFileSync(new URL('./kinds.json', import.meta.url), 'utf8'));
const objects = JSON.parse(readFileSync(0, 'utf8'));

const results = [];
for (const object of objects) {
  const modulePath = kinds[`${object.apiVersion}/${object.kind}`];
  if (!modulePath) {
    results.push([`no schema for ${object.apiVersion} ${object.kind} (test/deploy/kinds.json)`]);
    continue;
  }
  const Model = (await import(modulePath))[object.kind];
  try {
    new Model(object).validate();
    results.push([]);
  } catch (err) {
    results.push([err instanceof Error ? err.message : String(err)]);
  }
}
process.stdout.write(JSON.stringify(results));
