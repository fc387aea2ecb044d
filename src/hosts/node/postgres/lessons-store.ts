/**
 * A trainer's custom lessons (`/sim/_admin/lessons`) in PostgreSQL (`sim_lesson`, schema version 2):
 * every host of the database sees them, and they survive a restart. Each change tells every host
 * (over NOTIFY, in the change's own statement, so only a committed change is told) to read them
 * again; a lesson route reads them afresh anyway, so a trainer who writes through one host and reads
 * through another never sees the old list.
 */
import type { Pool } from 'pg';
import type { LessonChange, StorageBackend, StoredLesson } from '../../../engine/for-node.ts';
import { asStoreError } from './failures.ts';
import { NOTICE_CHANNEL, type NoticeMessage } from './notify.ts';

/** The lesson half of a storage backend, for a PostgreSQL host's backend. */
export function pgLessons(pool: Pool, hostId: string): Required<Pick<StorageBackend, 'lessons' | 'keepLesson'>> {
  const told = JSON.stringify({ h: hostId, l: 1 } satisfies NoticeMessage);
  return {
    async lessons(): Promise<StoredLesson[]> {
      try {
        return (await pool.query<StoredLesson>('SELECT id, text FROM sim_lesson ORDER BY id')).rows;
      } catch (err) {
        throw asStoreError(err, 'reading the lessons');
      }
    },
    async keepLesson(change: LessonChange): Promise<void> {
      try {
        // A data-modifying WITH runs once whatever the outer SELECT reads: the change and its notice commit together.
        if (change.op === 'lesson-put') {
          await pool.query('WITH put AS (INSERT INTO sim_lesson (id, text) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET text = excluded.text) SELECT pg_notify($3, $4)', [change.id, change.text, NOTICE_CHANNEL, told]);
        } else {
          await pool.query('WITH gone AS (DELETE FROM sim_lesson WHERE id = $1) SELECT pg_notify($2, $3)', [change.id, NOTICE_CHANNEL, told]);
        }
      } catch (err) {
        throw asStoreError(err, 'storing a lesson');
      }
    },
  };
}

/** Routes that read the custom lessons: on a PostgreSQL host they read them afresh. */
export function readsLessons(pathname: string, mount: string): boolean {
  const rest = pathname.slice(mount.length);
  return /^\/_admin\/(lessons(\/|$)|activity$|environments\/[^/]+\/lessons(\/|$))/.test(rest);
}
