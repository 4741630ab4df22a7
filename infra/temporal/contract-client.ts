// The one way the service starts, schedules and reaches its workflows (issue 38 item 5): by a contract
// (contracts/) and its input. The contract gives the type name, the business id, the one argument and the result
// type, so a caller cannot start a workflow under an id or with arguments its recorded histories do not know;
// it chooses only policies, timeouts and search attributes. eslint.config.js refuses `client.workflow` and
// `client.schedule.create` outside this module.
import {
  ScheduleAlreadyRunning,
  WithStartWorkflowOperation,
  type Client,
  type ScheduleOptions,
  type WorkflowHandle,
  type WorkflowOptions,
} from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import type { WorkflowContract } from '../../contracts/workflow.js';
import { PayloadKeyError } from './payload-codec.js';

/** The workflow function a contract stands for, as the client types handles and results by it. */
type WorkflowOf<Input, Result> = (input: Input) => Promise<Result>;

/** What a caller chooses of a start: never the type, the id, the task queue or the arguments. */
export type StartChoices = Omit<WorkflowOptions, 'workflowId' | 'taskQueue'>;

/** What a Schedule adds to its contract: when, what a late or overlapping run does, how long a run may take. */
export type ScheduleChoices = Omit<ScheduleOptions, 'scheduleId' | 'action'> &
  Pick<WorkflowOptions, 'workflowExecutionTimeout'>;

export interface ContractClientOptions {
  /** Put before every id: runs sharing a Temporal server with the service (tests, scripts/record-histories.ts) keep their workflows and Schedules apart. */
  idScope?: string;
}

export function contractClient(client: Client, taskQueue: string, { idScope = '' }: ContractClientOptions = {}) {
  const idOf = <Input>(contract: WorkflowContract<Input, unknown>, input: Input) => `${idScope}${contract.idOf(input)}`;
  const startOptions = <Input, Choices extends StartChoices>(
    contract: WorkflowContract<Input, unknown>,
    input: Input,
    choices: Choices,
  ) => ({
    ...choices,
    workflowId: idOf(contract, input),
    taskQueue,
    args: [input] as [Input],
  });

  return {
    idOf,

    start: <Input, Result>(contract: WorkflowContract<Input, Result>, input: Input, choices: StartChoices = {}) =>
      client.workflow.start<WorkflowOf<Input, Result>>(contract.type, startOptions(contract, input, choices)),

    execute: <Input, Result>(
      contract: WorkflowContract<Input, Result>,
      input: Input,
      choices: StartChoices = {},
    ): Promise<Result> =>
      client.workflow.execute<WorkflowOf<Input, Result>>(contract.type, startOptions(contract, input, choices)),

    /** Starts the workflow unless it runs (hence the conflict policy the SDK demands), and waits for `update`'s answer. */
    updateWithStart: <Input, Result, Answer, Args extends unknown[]>(
      contract: WorkflowContract<Input, Result>,
      input: Input,
      update: UpdateDefinition<Answer, Args>,
      args: Args,
      choices: StartChoices & Required<Pick<StartChoices, 'workflowIdConflictPolicy'>>,
    ): Promise<Answer> =>
      client.workflow.executeUpdateWithStart(update, {
        args,
        startWorkflowOperation: new WithStartWorkflowOperation<WorkflowOf<Input, Result>>(
          contract.type,
          startOptions(contract, input, choices),
        ),
      }),

    /**
     * The contract's Schedule, under the workflow's id (each run gets it plus the scheduled time), created or
     * brought up to date: safe on every start, so a changed calendar or action reaches a running cluster without
     * an operator's step. A Schedule whose stored arguments this process cannot read (sealed with a payload key it
     * no longer holds) is created again: everything about it is ours to state, and a worker must not fail over it.
     */
    async schedule<Input>(
      contract: WorkflowContract<Input, unknown>,
      input: Input,
      { workflowExecutionTimeout, ...choices }: ScheduleChoices,
    ): Promise<void> {
      const scheduleId = idOf(contract, input);
      const desired = {
        ...choices,
        action: {
          type: 'startWorkflow' as const,
          workflowType: contract.type,
          workflowId: scheduleId,
          taskQueue,
          args: [input],
          workflowExecutionTimeout,
        },
      };
      try {
        await client.schedule.create({ scheduleId, ...desired });
      } catch (error) {
        if (!(error instanceof ScheduleAlreadyRunning)) throw error;
        const handle = client.schedule.getHandle(scheduleId);
        try {
          await handle.update((previous) => ({ ...previous, ...desired }));
        } catch (failure) {
          if (!unreadable(failure)) throw failure;
          await handle.delete();
          await client.schedule.create({ scheduleId, ...desired });
        }
      }
    },
  };
}

/** A workflow already started, by its id (`keyExpiryWorkflowId(keyId)`), to wait on, cancel or read, typed by its contract. */
export const workflowHandle = <Input, Result>(
  client: Client,
  _contract: WorkflowContract<Input, Result>,
  workflowId: string,
): WorkflowHandle<WorkflowOf<Input, Result>> => client.workflow.getHandle(workflowId);

/** A payload the data converter could not open or decode. */
const unreadable = (error: unknown): boolean =>
  error instanceof PayloadKeyError ||
  (error instanceof Error && (error.name === 'ValueError' || /unable to authenticate data/i.test(error.message)));

/**
 * The ids of a contract's running workflows whose search attributes match `where` (a visibility query, such as
 * `AccountId = 'acct_…'`): what an account's closing or a grant signals. Visibility trails a start by a moment.
 */
export async function runningWorkflowIds(
  client: Client,
  contract: WorkflowContract<unknown, unknown>,
  where: string,
): Promise<string[]> {
  const ids: string[] = [];
  const query = `WorkflowType = '${contract.type}' AND ExecutionStatus = 'Running' AND ${where}`;
  for await (const execution of client.workflow.list({ query })) ids.push(execution.workflowId);
  return ids;
}
