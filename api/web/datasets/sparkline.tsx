// A sparkline as inline SVG, drawn on the server from the preview points: no script, nothing to fetch, and the
// CSP is content (an SVG element in the page is not an inline style or script).
import type { Point } from '../../../domain/datasets/types.js';

const WIDTH = 160;
const HEIGHT = 44;
const PAD = 3;

/** The polyline's points for values scaled into the box; a flat series is drawn across the middle. */
export function sparklinePath(values: readonly number[]): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = PAD + i * step;
      const y = span === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((v - min) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export function Sparkline({ points, label }: { points: readonly Point[]; label: string }) {
  const path = sparklinePath(points.map((p) => p.value));
  return (
    // Stretched to its card's width by the stylesheet (preserveAspectRatio none); the stroke keeps its width.
    <svg
      class="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-points={points.length}
    >
      {path && (
        <polyline
          points={path}
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
          stroke-linejoin="round"
          stroke-linecap="round"
          vector-effect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}
