// Checks a response of the service against the OpenAPI document: is its path, method and status documented, and
// does its JSON body fit the schema? The start of the response recorder of issue 17, item 2.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../api/openapi.js';

const DOC_ID = 'https://service.invalid/openapi.json';

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export interface OpenApiChecker {
  /** The operationId of a request, or null when the document has no such path and method. */
  operationOf(method: string, pathname: string): { operationId: string; path: string } | null;
  /** Problems with a response: none when the document describes it. */
  check(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string[];
}

export function openApiChecker(doc: any = buildOpenApiDocument()): OpenApiChecker {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's own keywords are not, hence strict: false.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const templates = Object.keys(doc.paths as object).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const validators = new Map<string, ValidateFunction | null>();

  const operationOf = (method: string, pathname: string) => {
    const found = templates.find((t) => t.pattern.test(pathname));
    const operation = found && doc.paths[found.path][method.toLowerCase()];
    return operation ? { operationId: operation.operationId as string, path: found.path } : null;
  };

  return {
    operationOf,
    check(method, pathname, status, contentType, body) {
      const op = operationOf(method, pathname);
      if (!op) return [`${method} ${pathname} is not in the document`];
      const responses = doc.paths[op.path][method.toLowerCase()].responses as Record<
        string,
        { content?: Record<string, unknown> }
      >;
      const response = responses[String(status)];
      if (!response) return [`${method} ${op.path} answered ${status}, which the document does not list`];
      if (!response.content) return [];
      const type = (contentType ?? '').split(';')[0]!.trim();
      if (!(type in response.content))
        return [
          `${method} ${op.path} ${status} answered ${type}, the document says ${Object.keys(response.content).join(', ')}`,
        ];
      if (type !== 'application/json') return [];
      const key = `${DOC_ID}#/${pointer('paths', op.path, method.toLowerCase(), 'responses', String(status), 'content', type, 'schema')}`;
      if (!validators.has(key)) validators.set(key, ajv.getSchema(key) ?? null);
      const validate = validators.get(key);
      if (!validate) return [`no schema at ${key}`];
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${method} ${op.path} ${status}: ${e.instancePath || '(body)'} ${e.message}`,
      );
    },
  };
}
