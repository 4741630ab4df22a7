// Writes the typed API client's types (test/support/api-client/schema.ts) from the OpenAPI document:
// npx tsx scripts/generate-api-client.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateApiTypes, SCHEMA_FILE } from '../test/support/api-client/generate.js';

writeFileSync(SCHEMA_FILE, await generateApiTypes());
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)}`);
