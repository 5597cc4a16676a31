import type { Queryable } from '@herald/db';
import { SesFeedbackRepository } from './ses-feedback.repository';

/** Every repository SES feedback uses, on the database or one transaction. */
export function feedbackRepositories(q: Queryable) {
  return {
    sesFeedback: new SesFeedbackRepository(q),
  };
}
