// Code samples of an operation in curl, Node and Python, made from the document's own examples. The key is a
// placeholder that the page's script replaces with the reader's test key when this browser holds one (the
// dashboard remembers a test key it has just shown, for the session: docs.js); the server never knows it.
import type { Operation } from './openapi-view.js';

/** Replaced in the page by the reader's test key, when the browser has one. */
export const KEY_PLACEHOLDER = 'pk_test_YOUR_TEST_KEY';

export interface Sample {
  lang: 'curl' | 'node' | 'python';
  label: string;
  code: string;
}

function urlOf(op: Operation, baseUrl: string): string {
  let path = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(p.example ?? p.name)));
    else if (p.in === 'query' && (p.required || p.example !== undefined))
      query.push(`${p.name}=${encodeURIComponent(String(p.example ?? ''))}`);
  }
  return `${baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

export function samplesOf(op: Operation, baseUrl: string): Sample[] {
  if (op.webhook) return [];
  const url = urlOf(op, baseUrl);
  // A key only where one is required: the public routes (datasets, insurers) answer without one.
  const auth = op.access === 'key';
  const multipart = op.body?.type === 'multipart/form-data';
  const json = op.body && !multipart ? JSON.stringify(op.body.example ?? {}, null, 2) : null;
  const post = op.method !== 'GET';

  const curl = [
    `curl${post ? ` -X ${op.method}` : ''} "${url}"`,
    ...(auth ? [`  -H "Authorization: Bearer ${KEY_PLACEHOLDER}"`] : []),
    ...(multipart ? ['  -F "file=@policy.pdf"'] : []),
    ...(json ? ['  -H "Content-Type: application/json"', `  -d '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(' \\\n');

  const nodeHeaders = [
    ...(auth ? [`Authorization: 'Bearer ${KEY_PLACEHOLDER}'`] : []),
    ...(json ? [`'Content-Type': 'application/json'`] : []),
  ];
  const node = [
    ...(multipart
      ? [
          `import { openAsBlob } from 'node:fs';`,
          '',
          'const form = new FormData();',
          `form.append('file', await openAsBlob('policy.pdf'), 'policy.pdf');`,
        ]
      : []),
    `const res = await fetch('${url}', {`,
    `  method: '${op.method}',`,
    ...(nodeHeaders.length ? [`  headers: { ${nodeHeaders.join(', ')} },`] : []),
    ...(multipart ? ['  body: form,'] : json ? [`  body: JSON.stringify(${indent(json, '  ')}),`] : []),
    '});',
    'console.log(res.status, await res.json());',
  ].join('\n');

  const pyHeaders = auth ? `headers={\n        "Authorization": "Bearer ${KEY_PLACEHOLDER}",\n    }` : null;
  const pyArgs = [
    `"${url}"`,
    ...(pyHeaders ? [pyHeaders] : []),
    ...(multipart
      ? ['files={"file": open("policy.pdf", "rb")}']
      : json
        ? [`json=${indent(pythonLiteral(op.body!.example ?? {}), '    ')}`]
        : []),
  ];
  const python = [
    'import requests',
    '',
    `res = requests.${op.method.toLowerCase()}(`,
    ...pyArgs.map((arg) => `    ${arg},`),
    ')',
    'print(res.status_code, res.json())',
  ].join('\n');

  return [
    { lang: 'curl', label: 'curl', code: curl },
    { lang: 'node', label: 'Node', code: node },
    { lang: 'python', label: 'Python', code: python },
  ];
}

/** JSON as a Python literal: the same text with true, false and null spelled Python's way. */
function pythonLiteral(value: unknown): string {
  return JSON.stringify(value, null, 4).replace(
    /("(?:[^"\\]|\\.)*")|\b(true|false|null)\b/g,
    (match, string: string | undefined, word: string | undefined) =>
      string ? match : word === 'true' ? 'True' : word === 'false' ? 'False' : 'None',
  );
}
