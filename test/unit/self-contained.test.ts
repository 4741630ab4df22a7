// The project carries its own documentation: nothing in the repository or in the OpenAPI document it serves
// points to a file outside the checkout, every relative link of the Markdown files reaches a file of the
// repository (and its heading, when it names one), and every `docs/….md#anchor` a comment cites exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { anchorOf, outsideReferences } from '../support/self-contained.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Data the project bundles as published (registers, series): their text is the publishers', not ours.
const DATA_FILE = /\.(csv|json|pdf|png|jpe?g|gz|woff2?|ico|traineddata|eml)$/i;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) =>
      file !== '' &&
      file !== 'package-lock.json' &&
      !file.startsWith('node_modules') &&
      existsSync(path.join(ROOT, file)),
  )
  .filter((file) => !(file.startsWith('data/') && DATA_FILE.test(file)) && !file.startsWith('test/fixtures/'));

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const text = (file: string) => !DATA_FILE.test(file) || file.endsWith('.json');

const headingsOf = (file: string) => new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));

describe('the repository is self-contained', () => {
  it('finds no reference to the design notes or a path outside the checkout in any file', () => {
    const found = files
      .filter(text)
      .filter((file) => !file.includes('self-contained'))
      .flatMap((file) => outsideReferences(read(file)).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });

  it('resolves every relative link of the Markdown files inside the repository, headings included', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
        const [where, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = where === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), where);
        const relative = path.relative(ROOT, resolved);
        if (relative.startsWith('..') || !existsSync(resolved))
          broken.push(`${file}: ${target} (no such file in the repository)`);
        else if (anchor && relative.endsWith('.md') && !headingsOf(relative).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('finds every docs/….md#anchor that code and docs cite', () => {
    const broken: string[] = [];
    const cited = /\bdocs\/([a-z-]+\.md)(?:#([a-z0-9-]+))?((?:,? (?:and )?#[a-z0-9-]+)*)/g;
    for (const file of files.filter(text)) {
      for (const [, doc, anchor, more] of read(file).matchAll(cited)) {
        const target = `docs/${doc}`;
        if (!existsSync(path.join(ROOT, target))) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        const anchors = [anchor, ...[...(more ?? '').matchAll(/#([a-z0-9-]+)/g)].map((m) => m[1])].filter(
          Boolean,
        ) as string[];
        for (const a of anchors) if (!headingsOf(target).has(a)) broken.push(`${file}: ${target}#${a}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('serves an OpenAPI document that cites nothing a reader cannot open', () => {
    expect(outsideReferences(JSON.stringify(buildOpenApiDocument()))).toEqual([]);
  });

  it('notices a reference to outside (the check can fail)', () => {
    expect(outsideReferences('see ../shared/SPEC.md and DESIGN §13')).toHaveLength(4);
    expect(outsideReferences('RFC 9110 §5.6.7 obliges a recipient')).toEqual([]);
    expect(outsideReferences('Versicherungsbestätigung nach § 1 PflVG, § 257 SGB V und § 6 Abs. 2 VVG')).toEqual([]);
    expect(outsideReferences('as §12 Web pages says')).toHaveLength(1);
  });
});
