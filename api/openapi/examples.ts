// The response examples of the OpenAPI document are real answers of the service (issue 17):
// scripts/record-openapi-examples.ts calls every operation of a running service and keeps what it answered in
// examples.json, by operationId, status and a name; attachRecordedExamples puts them on the document.
import recorded from './examples.json' with { type: 'json' };

/** An OpenAPI Example Object. */
export interface RecordedExample {
  summary: string;
  value: unknown;
}

/** operationId → status → name → example. */
export type RecordedExamples = Record<string, Record<string, Record<string, RecordedExample>>>;

export const RECORDED_EXAMPLES: RecordedExamples = recorded as RecordedExamples;

/** Where the recording script writes them. */
export const EXAMPLES_FILE = new URL('./examples.json', import.meta.url);

type Paths = Record<
  string,
  Record<
    string,
    { operationId?: string; responses?: Record<string, { content?: Record<string, Record<string, unknown>> }> }
  >
>;

/**
 * Puts the recorded examples on the JSON responses of the document, in place of any written by hand (a media
 * type has `example` or `examples`, not both). Examples of operations or statuses the document does not have are
 * left out; test/unit/openapi-examples.test.ts fails on them.
 */
export function attachRecordedExamples<T extends { paths?: object }>(
  doc: T,
  examples: RecordedExamples = RECORDED_EXAMPLES,
): T {
  for (const methods of Object.values((doc.paths ?? {}) as Paths)) {
    for (const operation of Object.values(methods)) {
      const recordedFor = operation.operationId === undefined ? undefined : examples[operation.operationId];
      if (!recordedFor) continue;
      for (const [status, named] of Object.entries(recordedFor)) {
        // JSON, or the one type of an answer that is not (the ledger export's JSON Lines).
        const content = operation.responses?.[status]?.content ?? {};
        const [only] = Object.keys(content);
        const media = content['application/json'] ?? (Object.keys(content).length === 1 ? content[only!] : undefined);
        if (!media) continue;
        delete media.example;
        media.examples = named;
      }
    }
  }
  return doc;
}
