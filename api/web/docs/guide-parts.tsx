// The pieces the /docs guides are written with: a guide's shape, a captioned code block and a captioned table that scrolls on its own.
import type { ComponentChildren } from 'preact';

export interface Guide {
  path: string;
  title: string;
  summary: string;
  /** `base`: the service's base URL, which the samples call. */
  body(base: string): ComponentChildren;
}

export function Code({ label, children }: { label: string; children: string }) {
  return (
    <figure class="code-figure">
      <figcaption>{label}</figcaption>
      <pre tabindex={0}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

export function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number | ComponentChildren)[][];
}) {
  return (
    <div class="table-wrap" role="region" aria-label={caption} tabindex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
