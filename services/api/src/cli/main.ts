#!/usr/bin/env node
import { registerAdmin } from './commands/admin.command';
import { registerBootstrap } from './commands/bootstrap.command';
import { registerDeadLetter } from './commands/dead-letter.command';
import { registerKeys } from './commands/keys.command';
import { registerListen } from './commands/listen';
import { registerMigrate } from './commands/migrate.command';
import { registerStatus } from './commands/status.command';
import { createProgram, runCli } from './program';

// One line per command; each module owns its options, help and output.
const program = createProgram();
registerMigrate(program);
registerBootstrap(program);
registerAdmin(program);
registerKeys(program);
registerStatus(program);
registerDeadLetter(program);
registerListen(program);

void runCli(program, process.argv.slice(2));
