import { randomUUID } from 'node:crypto';
import { loadConfig, redactUrlsIn, type Config } from '@herald/config';
import { CHANNELS, isChannel, type Channel } from '@herald/contracts';
import type { Database } from '@herald/db';
import type { Command } from 'commander';
import { auditRepositories } from '../../audit/audit.repositories';
import type { ReplayFilter } from '../../dead-letters/dead-letter.repository';
import { deadLettersRepositories } from '../../dead-letters/dead-letters.repositories';
import type { DeadLettersService } from '../../dead-letters/dead-letters.service';
import { deadLettersService } from '../../dead-letters/dead-letters.wiring';
import { instantArgument } from '../arguments';
import { withDatabase } from '../database';
import { printJson, printTable } from '../output';
import { EXIT, UsageError } from '../program';
import { Progress } from '../progress';
import { projectArgument } from '../project-argument';

/** Records per call of the bulk replay (its own default); the command calls again while more match. */
const CALL_LIMIT = 10_000;

interface Summary {
  /** Active records matching the filter when the command started. */
  matched: number;
  /** Deliveries requeued. */
  replayed: number;
  /** Matched but not requeued: the notification was no longer failed, or a concurrent replay took the record. */
  skipped: number;
  /** Matched, but the replay of their project failed before reaching them (each failure is a line on stderr). */
  failed: number;
  projects: number;
}

function channelArgument(value: string): Channel {
  if (!isChannel(value)) throw new UsageError(`--channel ${JSON.stringify(value)} is no channel (${CHANNELS.join(', ')})`);
  return value;
}

function deadLetters(db: Database, config: Config): DeadLettersService {
  // No relay in this process: the running services' outbox relays publish the requeued deliveries (within OUTBOX_POLL_INTERVAL_MS).
  return deadLettersService(db, config, () => undefined);
}

/**
 * Replays one project's matching records through the bulk replay use case (pages of 500, SKIP
 * LOCKED), calling again while its limit is reached, and audits it as the HTTP operation is.
 */
async function replayProject(
  db: Database,
  service: DeadLettersService,
  projectId: string,
  filter: ReplayFilter,
  requestId: string,
  progress: Progress,
): Promise<{ retried: number; requeued: number; error?: Error }> {
  let retried = 0;
  let requeued = 0;
  let error: Error | undefined;
  try {
    for (;;) {
      const call = await service.retryMatching({ projectId, requestId }, { ...filter, limit: CALL_LIMIT }, (page) => {
        retried += page.retried;
        requeued += page.requeued;
        progress.advance(page.retried);
      });
      if (!call.limit_reached) break;
    }
  } catch (err) {
    error = err as Error;
  }
  if (retried > 0) {
    await auditRepositories(db).auditLog.insert({
      projectId,
      action: 'dead_letter.bulk_retried',
      actorApiKeyId: null,
      metadata: { ...filter, requeued, via: 'cli dead-letter replay' },
      requestId,
    });
  }
  return { retried, requeued, error };
}

async function replay(config: Config, options: { project?: string; channel?: Channel; since?: string }): Promise<Summary> {
  return withDatabase(config, async (db) => {
    const projectId = options.project === undefined ? undefined : (await projectArgument(db, options.project)).id;
    // Up to now by the database clock: records that fail again during the replay are not taken a second time.
    const { rows } = await db.query<{ now: Date }>('SELECT now() AS now');
    const filter: ReplayFilter = { channel: options.channel, created_from: options.since, created_to: rows[0].now.toISOString() };
    const projects = await deadLettersRepositories(db).deadLetters.activeByProject(projectId, filter);
    const matched = projects.reduce((n, p) => n + p.active, 0);
    const service = deadLetters(db, config);
    const requestId = randomUUID();
    const progress = new Progress('replaying dead letters', matched);
    const summary: Summary = { matched, replayed: 0, skipped: 0, failed: 0, projects: projects.length };
    for (const p of projects) {
      const done = await replayProject(db, service, p.project_id, filter, requestId, progress);
      const failed = done.error ? Math.max(0, p.active - done.retried) : 0;
      if (done.error) {
        progress.finish();
        process.stderr.write(`herald dead-letter replay: project ${p.project_id}: ${redactUrlsIn(done.error.message.split('\n')[0])}\n`);
      }
      summary.replayed += done.requeued;
      summary.failed += failed;
      summary.skipped += Math.max(0, p.active - done.requeued - failed);
    }
    progress.finish();
    return summary;
  });
}

export function registerDeadLetter(program: Command): void {
  const group = program.command('dead-letter').usage('<command>').description('the dead-letter store');
  group
    .command('replay')
    .usage('[--project PROJECT_ID] [--channel CHANNEL] [--since TIME] [--json]')
    .summary("requeue active dead letters (every project's unless --project) with a fresh attempt budget; prints replayed, skipped, failed")
    .description(
      'Requeues the active dead letters matching the filters, oldest first, exactly as POST /dead-letter/retry does ' +
        '(same use case: pages of 500, each one transaction; concurrent replays share the records), with a fresh ' +
        'attempt budget. Without --project it covers every project (one audit entry dead_letter.bulk_retried per ' +
        'project, via "cli dead-letter replay"). Only records created before the command started are taken, so a ' +
        'delivery that fails again is not replayed twice. The running services publish the requeued deliveries.\n' +
        'Progress goes to stderr (a bar on a terminal); the summary to stdout: matched, replayed (requeued), ' +
        'skipped (no longer failed, or taken by a concurrent replay), failed (not reached because its project failed).\n' +
        'Exit code 1 when any failed.',
    )
    .option('--project <PROJECT_ID>', "only this project's dead letters (default: every project)")
    .option('--channel <CHANNEL>', `only this channel's (${CHANNELS.join(', ')})`)
    .option('--since <TIME>', 'only those dead-lettered at or after this ISO 8601 time (2026-11-23, 2026-11-23T08:00:00Z)')
    .option('--json', 'the summary as one JSON object instead of a table')
    .action(async (options: { project?: string; channel?: string; since?: string; json?: boolean }) => {
      const channel = options.channel === undefined ? undefined : channelArgument(options.channel);
      const since = options.since === undefined ? undefined : instantArgument('--since', options.since);
      const summary = await replay(loadConfig(), { project: options.project, channel, since });
      if (options.json) printJson(summary);
      else
        printTable(
          ['RESULT', 'DEAD LETTERS'],
          [
            ['matched', summary.matched],
            ['replayed', summary.replayed],
            ['skipped', summary.skipped],
            ['failed', summary.failed],
          ],
        );
      if (summary.failed > 0) process.exitCode = EXIT.failed;
    });
}
