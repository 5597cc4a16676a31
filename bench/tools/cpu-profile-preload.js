'use strict';
/**
 * `--require`d into every Herald service by `BENCH_PROFILE=1 npm run bench`: node refuses
 * `--cpu-prof` in NODE_OPTIONS, the only way flags reach the services under `npm start`'s launcher.
 * Profiles the process from here to its exit through the inspector, and writes
 * `<service>-<pid>.cpuprofile` into BENCH_PROFILE_DIR as the process exits.
 */
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_PROFILE_DIR;
// The launcher runs with the same NODE_OPTIONS: only the services (dist/main.js) are profiled.
const entry = process.argv[1] ?? '';
const service = /services\/([a-z-]+)\/dist\/main\.js$/.exec(entry)?.[1];
if (dir && service) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  // An in-process session answers synchronously, so the profile is written even from 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${service}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
