import { reportServerErrors, reportUnexpectedError } from '../../app/errors/reportErrors';
import type { ServerErrorLike } from '../../app/errors/serverErrors';

/** A mutation answer that says success and carries errors (spec 002 §7: deleteWorkflow, unassign, ...). */
export interface SuccessAnswer {
  readonly success: boolean;
  readonly errors: readonly ServerErrorLike[];
}

/**
 * Whether a success-style mutation went through; when not, its errors are toasted, or the
 * generic unexpected error when it failed without one (spec 002 §8).
 */
export function succeeded(answer: SuccessAnswer | null | undefined): boolean {
  if (answer?.errors.length) {
    reportServerErrors(answer.errors);
    return false;
  }
  if (!answer?.success) {
    reportUnexpectedError();
    return false;
  }
  return true;
}
