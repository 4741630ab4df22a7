// A workflow's contract (the Temporal samples' shared.ts, one module per workflow in this folder): the type name it
// is started by, the business id it runs under, its input and its result, and what it answers (updates). The
// workflows (workflows/) and every caller (api/, infra/, bin/) import the contract, never each other, and start a
// workflow one way: by its contract and input, through infra/temporal/contract-client.ts. Plain definitions:
// deterministic, no Node API.

/** `Input` and `Result` are carried by the type only: what `start` takes and what the workflow returns. */
export interface WorkflowContract<Input, Result, Type extends string = string> {
  /** The workflow type: the workflow function's name in workflows/ (test/unit/workflow-contracts.test.ts). */
  readonly type: Type;
  /** The business id it runs under (`verification-{job_id}`): one workflow per job, key, mail. */
  idOf(input: Input): string;
  /** Never set: `Result` is the workflow's return type, for `execute` and `result()`. */
  readonly result?: Result;
}

export const contract = <Input, Result, Type extends string = string>(
  type: Type,
  idOf: (input: Input) => string,
): WorkflowContract<Input, Result, Type> => ({
  type,
  idOf,
});
