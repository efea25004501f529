// A bar chart of reported losses per month, drawn as plain SVG (docs/decisions/025-stats-chart-in-plain-svg.md):
// one currency at a time; the page gives the same figures as a table.
import type { MonthLoss } from '../../../shared/domain/registry-stats';

const WIDTH = 480;
const HEIGHT = 220;
const LEFT = 64;
const BOTTOM = 28;
const TOP = 12;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2025-03' → 'Mar 2025' */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${SHORT_MONTHS[Number(m) - 1] ?? m} ${year}`;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 2 });

export function LossChart({ months, currency, titleId }: { months: MonthLoss[]; currency: string; titleId: string }) {
  const max = Math.max(...months.map((m) => m.total), 1);
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = plotWidth / months.length;
  const barWidth = Math.max(step * 0.7, 2);
  return (
    <svg className="loss-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      {[0, 0.5, 1].map((share) => {
        const y = TOP + plotHeight * (1 - share);
        return (
          <g key={share} className="loss-chart__grid">
            <line x1={LEFT} x2={WIDTH - 8} y1={y} y2={y} />
            <text x={LEFT - 6} y={y + 4} textAnchor="end">{compact.format(max * share)}</text>
          </g>
        );
      })}
      {months.map((m, i) => {
        const height = (m.total / max) * plotHeight;
        const x = LEFT + i * step + (step - barWidth) / 2;
        return (
          <g key={m.month}>
            <rect className="loss-chart__bar" x={x} y={TOP + plotHeight - height} width={barWidth} height={height}>
              <title>{`${monthLabel(m.month)}: ${Math.round(m.total).toLocaleString('en-US')} ${currency}`}</title>
            </rect>
            {i % 6 === 0 ? (
              <text className="loss-chart__label" x={x} y={HEIGHT - 8} textAnchor="start">{monthLabel(m.month)}</text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
