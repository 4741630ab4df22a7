// The /docs guide to document extraction: what the result holds, and where each field was read (its evidence),
// with the review threshold taken from the code that applies it.
import { REVIEW_BELOW } from '../../../domain/extraction/evidence.js';
import { FIELD_KEYS } from '../../../domain/extraction/types.js';
import { Code, Table, type Guide } from './guide-parts.js';
import { curlJob } from './snippets.js';
import { KEY_PLACEHOLDER } from './samples.js';

const curlExtract = (base: string) => `curl ${base}/api/v1/documents/extract \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\
  -F "file=@policy.pdf"`;

// The shape of one field's evidence, as a finished job's result carries it (values for illustration).
const EVIDENCE_EXAMPLE = `"evidence": {
  "policy_number": {
    "page": 1,
    "box": { "x": 0.5946, "y": 0.1522, "width": 0.0854, "height": 0.0086 },
    "words": ["PC", "8951", "4589"],
    "source": "ocr",
    "confidence": 0.87,
    "needs_review": false
  },
  "language": { "page": null, "box": null, "words": [], "source": "ocr", "confidence": 0.88, "needs_review": false }
}`;

export const EXTRACTION_GUIDE: Guide = {
  path: '/docs/extraction',
  title: 'Document extraction',
  summary: 'The fields read from a policy document, and where on which page each was read.',
  body: (base) => (
    <>
      <p>
        Send a policy document as a PDF; the job reads its text layer, or its page images by OCR where it has none, and
        answers with the policy fields it found. Poll the job (or ask for a webhook) for the result.
      </p>
      <Code label="Submit a document (curl)">{curlExtract(base)}</Code>
      <Code label="Read the job (curl)">{curlJob(base)}</Code>
      <h2>Where each field was read</h2>
      <p>
        Beside each field&apos;s value and <code>field_confidence</code>, the result&apos;s <code>evidence</code> says
        where the value was read, keyed like <code>field_confidence</code> ({FIELD_KEYS.length} keys; a field not found
        has none). Draw the box over the page to show a reader what the value came from.
      </p>
      <Table
        caption="A field's evidence"
        head={['member', 'meaning']}
        rows={[
          [<code key="p">page</code>, '1-based; null when the value is not printed at one place (the language).'],
          [
            <code key="b">box</code>,
            'x, y, width, height as fractions of the page from its top-left corner: the same at any resolution.',
          ],
          [<code key="w">words</code>, 'The words the value was read from, as the reader gave them.'],
          [<code key="s">source</code>, 'text: the PDF’s text layer; ocr: the page image read by OCR.'],
          [
            <code key="c">confidence</code>,
            'From 0 to 1: the field’s confidence, lowered to OCR’s own confidence in these words when that is lower.',
          ],
          [<code key="n">needs_review</code>, `true when confidence is under ${REVIEW_BELOW}.`],
        ]}
      />
      <p>
        A field marked <code>needs_review</code> was read from a poor image, or found in running text rather than under
        a label of its own: it is right often enough to return, not often enough to act on unseen. Show it to a person
        beside its box.
      </p>
      <Code label="Evidence in a result">{EVIDENCE_EXAMPLE}</Code>
      <h2>Correcting a field</h2>
      <p>
        When a person finds a value read wrong, send the right one:{' '}
        <code>POST /api/v1/jobs/{'{job_id}'}/corrections</code> with{' '}
        <code>{'{"corrections": {"policy_number": "AXK12345678"}}'}</code>, keyed like <code>field_confidence</code>{' '}
        (money as <code>{'{"amount": 250, "currency": "GBP"}'}</code>, null for a value the document does not have). The
        job then shows the corrected values in <code>result</code>, and <code>corrections</code> says which fields were
        corrected, what was read, and who changed what when; the reading itself is kept. Your webhook gets an{' '}
        <code>extraction.corrected</code> event. The dashboard&apos;s Jobs page shows each document&apos;s pages with
        these boxes drawn on them, and corrects fields the same way.
      </p>
    </>
  ),
};
