// Every workflow the worker registers. Workflow code is deterministic and imports activity types only.
export {};
