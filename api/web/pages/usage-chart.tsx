// Calls per day as a server-rendered bar chart: no chart library, no script, and the same numbers as a table for
// anyone who cannot see the bars.
import { count, formatDate, formatNumber, formatShortDate, parseDay } from './format.js';
import { DataTable } from './parts.js';

export interface Usage {
  date: string /* YYYY-MM-DD */;
  requests: number;
}

const BAR_SLOT = 10;
const BAR_WIDTH = 7;
const CHART_HEIGHT = 100;
/** Headroom above the tallest bar, and the stub that keeps a day with no calls visible as a day. */
const TOP_GAP = 6;
const ZERO_STUB = 1.2;

export function usageTotals(days: readonly Usage[]) {
  const total = days.reduce((sum, day) => sum + day.requests, 0);
  const today = days.at(-1)?.requests ?? 0;
  const peak = days.reduce<Usage | undefined>(
    (best, day) => (best === undefined || day.requests > best.requests ? day : best),
    undefined,
  );
  return { total, today, peak };
}

export function UsageChart({ days }: { days: readonly Usage[] }) {
  const { total, today, peak } = usageTotals(days);
  const max = Math.max(1, peak?.requests ?? 0);
  const first = days[0];
  const last = days.at(-1);
  const range = first && last ? `from ${formatDate(parseDay(first.date))} to ${formatDate(parseDay(last.date))}` : '';
  const summary =
    `Calls per day ${range}: ${count(total, 'call')} in total` +
    (peak && peak.requests > 0
      ? `, at most ${formatNumber(peak.requests)} on ${formatDate(parseDay(peak.date))}.`
      : '.');
  const width = Math.max(1, days.length) * BAR_SLOT;

  return (
    <div class="usage">
      <div class="usage-figures">
        <p class="figure">
          <span class="figure-value">{count(total, 'call')}</span> in the last {days.length} days
        </p>
        <p class="figure-secondary">Today: {count(today, 'call')}</p>
      </div>
      <div class="chart">
        <svg
          class="bar-chart"
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          <title>{summary}</title>
          <line class="chart-grid" x1="0" x2={width} y1={TOP_GAP} y2={TOP_GAP} vector-effect="non-scaling-stroke" />
          {days.map((day, i) => {
            const height =
              day.requests === 0 ? ZERO_STUB : Math.max(2, (day.requests / max) * (CHART_HEIGHT - TOP_GAP));
            const isToday = i === days.length - 1;
            return (
              <rect
                key={day.date}
                class={day.requests === 0 ? 'bar bar-zero' : isToday ? 'bar bar-today' : 'bar'}
                x={i * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2}
                y={CHART_HEIGHT - height}
                width={BAR_WIDTH}
                height={height}
              />
            );
          })}
          <line
            class="chart-axis"
            x1="0"
            x2={width}
            y1={CHART_HEIGHT}
            y2={CHART_HEIGHT}
            vector-effect="non-scaling-stroke"
          />
        </svg>
        <div class="chart-scale" aria-hidden="true">
          <span>{formatNumber(max)}</span>
          <span>0</span>
        </div>
        <div class="chart-labels" aria-hidden="true">
          <span>{first ? formatShortDate(parseDay(first.date)) : ''}</span>
          <span>Today</span>
        </div>
      </div>
      <details class="chart-table">
        <summary>Show as table</summary>
        <DataTable caption="Calls per day" columns={[{ head: 'Date' }, { head: 'Calls', numeric: true }]}>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatDate(parseDay(day.date))}</td>
              <td class="numeric">{formatNumber(day.requests)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </div>
  );
}
