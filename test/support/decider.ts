import { expect } from 'vitest';
import type { Decider } from '../../domain/decider.js';

/**
 * Given/when/then for a decider (Emmett's DeciderSpecification): `given` the events already on the stream,
 * `when` a command is decided on the state they fold into, `then` these events are appended, or `thenThrows`
 * the refusal. The state is never built by hand, so a test reads like the stream it is about.
 *
 * `record`: how an event is stored, for a decider whose evolve reads more than a decision returns (when the event
 * was recorded): the given events and the decided ones are folded as `record` makes them.
 */
export function decider<S, C, E, F = E>(
  subject: Decider<S, C, E, F>,
  ...[record]: [E] extends [F] ? [record?: (event: E) => F] : [record: (event: E) => F]
) {
  const stored = record ?? ((event: E) => event as unknown as F);
  const after = (state: S, events: readonly E[]) => events.map(stored).reduce(subject.evolve, state);
  return {
    given(events: readonly E[] = []) {
      const state = after(subject.initialState(), events);
      return {
        when(command: C) {
          const decide = () => subject.decide(command, state);
          return {
            then(expected: readonly E[]) {
              expect(decide()).toEqual(expected);
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
            thenThrows(check: (error: unknown) => boolean) {
              let thrown: unknown = undefined;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'the command to be refused').toBeDefined();
              expect(check(thrown), String(thrown)).toBe(true);
            },
            /** The state after the decided events, for what a refusal or an answer reads next. */
            state: () => after(state, decide()),
          };
        },
      };
    },
  };
}
