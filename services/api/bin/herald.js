#!/usr/bin/env node
// `npx herald` runs this file, which git keeps executable (the compiled entry tsc writes is not).
require('../dist/cli/main.js');
