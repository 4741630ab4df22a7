// Failures as the service's clients and workers hand them to Temporal: a failure's message and stack trace are moved
// into a payload of their own (its encoded attributes), which the payload codec seals like every other payload
// (./payload-codec.ts), so a history holds no error text in clear. The history shows "Encoded failure" until the
// codec server opens it. Plain CommonJS: the SDK loads it by path, with require, in the worker's main thread, the
// client and the workflow bundle, before any TypeScript loader.
'use strict';
const { DefaultFailureConverter } = require('@temporalio/common');

exports.failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
