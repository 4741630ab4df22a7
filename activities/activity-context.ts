import { Context } from '@temporalio/activity';

// What a function shared by activities and plain calls (a unit test, a script) reads of the running activity: outside
// one there is no Context, and these answer as a first attempt that nothing cancels.

/** The running activity's attempt, 1 outside an activity. */
export const attemptOf = (): number => {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
};

/** The running activity's cancellation; none outside an activity. */
export function cancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}
