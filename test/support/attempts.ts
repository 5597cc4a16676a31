import type { Database } from '@herald/db';

/** Attempts recorded for one project's notifications: a moved or redelivered delivery must not add one. */
export async function attemptsRecorded(db: Database, projectId: string): Promise<number> {
  const { rows } = await db.query<{ attempts: string }>(
    `SELECT count(*)::text AS attempts FROM notification_logs l JOIN notifications n ON n.id = l.notification_id
      WHERE n.project_id = $1`,
    [projectId],
  );
  return Number(rows[0].attempts);
}
