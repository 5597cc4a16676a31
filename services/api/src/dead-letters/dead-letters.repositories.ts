import type { Queryable } from '@herald/db';
import { DeadLetterRepository } from './dead-letter.repository';

/** Every repository dead-letter inspection and replay use, on the database or one transaction. */
export function deadLettersRepositories(q: Queryable) {
  return {
    deadLetters: new DeadLetterRepository(q),
  };
}

export type DeadLettersRepositories = ReturnType<typeof deadLettersRepositories>;
