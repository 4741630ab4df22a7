// POST /api/v1/jobs/{job_id}/corrections in the OpenAPI document (issue 56), described by the schema the route
// parses its body with (api/schemas/corrections.ts).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { JobIdParams } from '../routes/jobs.js';
import { CorrectionsRequestSchema } from '../schemas/corrections.js';
import type { OpenApiContribution } from './contribution.js';
import { errors, json, keyErrors } from './public-api-parts.js';
import { JobSchema, RATE_LIMIT_HEADERS } from './public-responses.js';

export const correctionsOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  registry.registerPath({
    method: 'post',
    path: '/api/v1/jobs/{job_id}/corrections',
    operationId: 'correctExtraction',
    summary: 'Correct fields of a completed extraction',
    description:
      'Each field whose value changes is recorded as a correction (who, when, from what to what); the reading stays in the job’s history. The job record then shows the corrected values in `result` and says which were corrected in `corrections`; an `extraction.corrected` webhook goes to the job’s webhook_url (live keys). A value equal to the current one changes nothing.',
    tags: ['Jobs'],
    security: shared.requiredKey,
    request: { params: JobIdParams, body: { content: json(CorrectionsRequestSchema) } },
    responses: {
      200: {
        description: 'The job record after the correction.',
        headers: RATE_LIMIT_HEADERS,
        content: json(JobSchema),
      },
      ...errors(shared, {
        ...keyErrors,
        400: 'An unknown field (named), a value of the wrong shape, or no field at all (invalid_request, missing_required_field).',
        404: 'No such job for this key (not_found): another account’s or the other mode’s job is not found either.',
        409: 'The job is not a completed extraction: a verification, a job still running, or one erased (job_not_correctable).',
        413: 'Body over 64 kB (payload_too_large).',
      }),
    },
  });
};
