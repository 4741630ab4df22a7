// What a guide of /docs is (api/web/docs/guides.tsx), and the blocks the guides are written with.
import type { ComponentChildren } from 'preact';

export interface Guide {
  path: string;
  title: string;
  summary: string;
  /** `base`: the service's base URL, which the samples call. */
  body(base: string): ComponentChildren;
}

/** A sample, captioned. */
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

/** A table, scrollable on a narrow screen. */
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
