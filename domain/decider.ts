// An entity's state machine as one object, after Emmett's Decider: what a command appends given the state
// (`decide`), how an event changes the state (`evolve`) and the state of an entity with no events yet
// (`initialState`). The command handler (infra/eventstore/command-handler.ts), the projections that store a fold
// (projections/states.ts) and the given/when/then specs (test/support/decider.ts) take it whole, so an entity's
// rules are wired in one place, whatever reads them.

/**
 * `Event`: what a decision returns. `Folded`: what evolve reads, when a stored event tells it more than a decided
 * one (when it was recorded, where it sits in its stream); the same type by default.
 */
export interface Decider<State, Command, Event, Folded = Event> {
  /** The events the command appends to an entity in `state`, none when there is nothing to do; throws a refusal. */
  decide: (command: Command, state: State) => Event[];
  /** The state after one more event; the state it was given when the event changes nothing. */
  evolve: (state: State, event: Folded) => State;
  initialState: () => State;
}

/** What a fold needs of a decider (a read model that stores an entity's state takes no command). */
export type Fold<State, Folded> = Pick<Decider<State, never, never, Folded>, 'evolve' | 'initialState'>;

/** The state these events (oldest first) leave, from `from` or from the decider's initial state. */
export function fold<State, Folded>(
  decider: Fold<State, Folded>,
  events: Iterable<Folded>,
  from: State = decider.initialState(),
): State {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
