import { readdirSync, readFileSync } from 'node:fs';

/** The nice value of each thread of this process (Linux, where a nice value is a thread's own). */
export const niceOfThreads = (): number[] =>
  readdirSync('/proc/self/task').map((tid) =>
    Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
  );
