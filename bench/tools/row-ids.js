'use strict';
/**
 * `node bench/tools/row-ids.js` (after `npm run build`): what a random (version 4) primary key
 * costs PostgreSQL against a time-ordered one (version 7, `newRowId` in libs/db) once a table is
 * bigger than shared_buffers, as events and notifications become in production. Two tables shaped
 * like events' keys (uuid primary key, (project_id, created_at DESC, id DESC)), filled with
 * ROW_IDS_FILL rows each, then rounds alternated: after a CHECKPOINT, 8 connections insert batches
 * of 20 rows for ROW_IDS_SECONDS, ids made in Node as the services make them. Prints one JSON
 * line per round: rows/s, WAL bytes per row and full-page images written (pg_stat_wal).
 * Env: ROW_IDS_FILL [5000000], ROW_IDS_SECONDS [30], ROW_IDS_ROUNDS [2], BENCH_PG_ADMIN_URL.
 */
const { randomUUID } = require('node:crypto');
const { Client, Pool } = require('pg');
const { newRowId } = require('../../libs/db/dist/row-id');

const env = process.env;
const FILL = Number(env.ROW_IDS_FILL || 5_000_000);
const SECONDS = Number(env.ROW_IDS_SECONDS || 30);
const ROUNDS = Number(env.ROW_IDS_ROUNDS || 2);
const ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'herald_bench_row_ids';
const KINDS = { v4: () => randomUUID(), v7: () => newRowId() };
const PROJECT = '00000000-0000-4000-8000-000000000003';

async function main() {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME}`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const pool = new Pool({ connectionString: url.toString(), max: 8 });
  try {
    for (const kind of Object.keys(KINDS)) {
      await pool.query(`CREATE TABLE rows_${kind} (id uuid PRIMARY KEY, project_id uuid NOT NULL,
                          created_at timestamptz NOT NULL DEFAULT now(), payload jsonb)`);
      await pool.query(`CREATE INDEX ON rows_${kind} (project_id, created_at DESC, id DESC)`);
      // The fill's ids are made in PostgreSQL (Node would take minutes): the same two shapes.
      const id =
        kind === 'v4'
          ? 'gen_random_uuid()'
          : `(lpad(to_hex((extract(epoch FROM now()) * 1000)::bigint - ${FILL} + g), 12, '0') || '7' ||
              substr(replace(gen_random_uuid()::text, '-', ''), 14))::uuid`;
      await pool.query(
        `INSERT INTO rows_${kind} SELECT ${id}, ('00000000-0000-4000-8000-00000000000' || (g % 10))::uuid,
                now() - interval '1 millisecond' * (${FILL} - g), '{"n":1}' FROM generate_series(1, ${FILL}) g`,
      );
      await pool.query(`VACUUM ANALYZE rows_${kind}`);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const kind of Object.keys(KINDS)) console.log(JSON.stringify({ round, ...(await insertRound(pool, kind)) }));
    }
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME}`);
    await admin.end();
  }
}

async function insertRound(pool, kind) {
  await pool.query('CHECKPOINT');
  const wal = async () => (await pool.query('SELECT wal_bytes::float8 AS bytes, wal_fpi::float8 AS fpi FROM pg_stat_wal')).rows[0];
  const before = await wal();
  const until = Date.now() + SECONDS * 1000;
  let rows = 0;
  const connection = async () => {
    while (Date.now() < until) {
      const ids = Array.from({ length: 20 }, KINDS[kind]);
      await pool.query(`INSERT INTO rows_${kind} (id, project_id, payload) SELECT unnest($1::uuid[]), $2, '{"n":1}'`, [ids, PROJECT]);
      rows += ids.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, connection));
  const after = await wal();
  return {
    ids: kind,
    rows_per_s: Math.round(rows / SECONDS),
    wal_bytes_per_row: Math.round((after.bytes - before.bytes) / rows),
    full_page_images: after.fpi - before.fpi,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
