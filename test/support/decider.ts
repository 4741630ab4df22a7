import { expect } from 'vitest';

/**
 * Given/when/then for a decider (Emmett's DeciderSpecification): `given` the events already on the stream,
 * `when` a command is decided on the state they fold into, `then` these events are appended, or `thenThrows`
 * the refusal. The state is never built by hand, so a test reads like the stream it is about.
 */
export function decider<C, E, S>(spec: {
  decide(command: C, state: S): readonly E[];
  evolve(state: S, event: E): S;
  initial: S;
}) {
  return {
    given(events: readonly E[] = []) {
      const state = events.reduce(spec.evolve, spec.initial);
      return {
        when(command: C) {
          const decide = () => spec.decide(command, state);
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
            state: () => decide().reduce(spec.evolve, state),
          };
        },
      };
    },
  };
}
