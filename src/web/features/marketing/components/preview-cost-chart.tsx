/**
 * The stylised month-to-date chart of the landing page's product picture: cumulative spend,
 * the forecast to month end and the budget line. The numbers are an illustration, not data.
 */
const ILLUSTRATED_DAILY_COST = [
  742, 768, 755, 731, 702, 688, 779, 790, 774, 761, 748, 712, 1034, 1078, 1062, 1049, 1021, 996, 1088, 1097,
];
const DAYS_IN_MONTH = 31;
export const ILLUSTRATED_BUDGET = 25_000;

let runningTotal = 0;
const cumulative = ILLUSTRATED_DAILY_COST.map((cost) => {
  runningTotal += cost;
  return runningTotal;
});
export const ILLUSTRATED_MONTH_TO_DATE = cumulative.at(-1) ?? 0;
const lastWeekAverage = ILLUSTRATED_DAILY_COST.slice(-7).reduce((sum, cost) => sum + cost, 0) / 7;
export const ILLUSTRATED_FORECAST = Math.round(
  ILLUSTRATED_MONTH_TO_DATE + lastWeekAverage * (DAYS_IN_MONTH - ILLUSTRATED_DAILY_COST.length),
);

const WIDTH = 600;
const HEIGHT = 230;
const PLOT = { left: 48, right: 590, top: 14, bottom: 200 };
const Y_MAX = 30_000;

const x = (day: number) => PLOT.left + ((day - 1) / (DAYS_IN_MONTH - 1)) * (PLOT.right - PLOT.left);
const y = (usd: number) => PLOT.bottom - (usd / Y_MAX) * (PLOT.bottom - PLOT.top);

const actualLine = cumulative.map((usd, index) => `${index ? 'L' : 'M'}${x(index + 1)},${y(usd)}`).join(' ');
const actualArea = `${actualLine} L${x(cumulative.length)},${y(0)} L${x(1)},${y(0)} Z`;
const today = cumulative.length;

const GRID = [0, 10_000, 20_000, 30_000];
const DAY_LABELS = [1, 8, 15, 22, 31];

export function PreviewCostChart() {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" style={{ display: 'block' }}>
      <defs>
        <linearGradient id="preview-spend-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--mantine-color-blue-5)" stopOpacity={0.35} />
          <stop offset="100%" stopColor="var(--mantine-color-blue-5)" stopOpacity={0.02} />
        </linearGradient>
      </defs>
      {GRID.map((usd) => (
        <g key={usd}>
          <line x1={PLOT.left} x2={PLOT.right} y1={y(usd)} y2={y(usd)} stroke="var(--mantine-color-gray-2)" />
          <text
            x={PLOT.left - 8}
            y={y(usd) + 4}
            textAnchor="end"
            fontSize={11}
            fill="var(--mantine-color-gray-6)"
          >
            {usd ? `$${usd / 1000}k` : '$0'}
          </text>
        </g>
      ))}
      {DAY_LABELS.map((day) => (
        <text
          key={day}
          x={x(day)}
          y={HEIGHT - 8}
          textAnchor={day === DAYS_IN_MONTH ? 'end' : 'middle'}
          fontSize={11}
          fill="var(--mantine-color-gray-6)"
        >
          Oct {day}
        </text>
      ))}
      <path d={actualArea} fill="url(#preview-spend-fill)" />
      <path d={actualLine} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2.5} />
      <line
        x1={x(today)}
        y1={y(ILLUSTRATED_MONTH_TO_DATE)}
        x2={x(DAYS_IN_MONTH)}
        y2={y(ILLUSTRATED_FORECAST)}
        stroke="var(--mantine-color-orange-6)"
        strokeWidth={2.5}
        strokeDasharray="6 5"
      />
      <line
        x1={PLOT.left}
        x2={PLOT.right}
        y1={y(ILLUSTRATED_BUDGET)}
        y2={y(ILLUSTRATED_BUDGET)}
        stroke="var(--mantine-color-red-6)"
        strokeWidth={1.5}
        strokeDasharray="3 4"
      />
      <text
        x={PLOT.left + 6}
        y={y(ILLUSTRATED_BUDGET) - 6}
        fontSize={11}
        fontWeight={600}
        fill="var(--mantine-color-red-7)"
      >
        Budget $25k
      </text>
      <circle
        cx={x(today)}
        cy={y(ILLUSTRATED_MONTH_TO_DATE)}
        r={5}
        fill="white"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth={2.5}
      />
      <circle cx={x(DAYS_IN_MONTH)} cy={y(ILLUSTRATED_FORECAST)} r={4} fill="var(--mantine-color-orange-6)" />
    </svg>
  );
}
