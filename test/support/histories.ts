import protos from '@temporalio/proto';

// Workflow histories as test fixtures (test/fixtures/histories/, written by scripts/record-histories.ts): plain
// JSON with enums by name, bytes in base64 and 64-bit numbers as strings.

const History = protos.temporal.api.history.v1.History;

export const historyToObject = (history: protos.temporal.api.history.v1.IHistory) =>
  History.toObject(History.decode(History.encode(history).finish()), { enums: String, bytes: String, longs: String });

export const historyFromObject = (json: unknown) => History.fromObject(json as Record<string, unknown>);
