import { useId, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from '../survey-admin.module.css';

/*
 * One figure of the panel: a horizontal bar chart read at a glance, and the same numbers as a table
 * under it (for screen readers, and for anyone who wants the exact counts). The chart is recharts
 * with its accessibility layer: it takes focus and the arrow keys move between the bars, each read
 * out in the tooltip. Recharts is only in this page's chunk (the route is lazy), never the first download.
 */

export interface FigureRow {
  /** Stable key (a mode, a band). */
  key: string;
  label: string;
  /** A shorter name for the chart's axis, where the label is a sentence (the table keeps the label). */
  shortLabel?: string;
  /** What the bar's length shows (a share in 0…1, a count, or percentage points). */
  value: number;
  /** The table's cells after the label, already formatted. */
  cells: readonly string[];
}

/** A theme colour from the page's CSS (the bars follow the theme: main, dcu, club). */
function themeColour(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function FigureChart({
  title,
  summary,
  rows,
  columns,
  formatValue,
  formatAxis,
  testId,
}: {
  title: string;
  /** One sentence on what the chart shows, read before the chart. */
  summary: string;
  rows: readonly FigureRow[];
  /** The table's column headings: the label column first, then one per cell. */
  columns: readonly string[];
  /** The tooltip's text for a value. */
  formatValue: (value: number) => string;
  /** The axis's text for a value, where it should be shorter than the tooltip's (default formatValue). */
  formatAxis?: (value: number) => string;
  testId: string;
}) {
  const id = useId();
  const colours = useMemo(
    () => ({
      bar: themeColour('--color-brand', '#004568'),
      negative: themeColour('--color-danger', '#b3261e'),
      grid: themeColour('--color-border', '#c4ced6'),
      text: themeColour('--color-text', '#1a2530'),
    }),
    [],
  );
  const data = rows.map((row) => ({ name: row.shortLabel ?? row.label, value: row.value }));
  const height = 48 + rows.length * 36;
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`} data-testid={testId}>
      <figcaption id={`${id}-title`} className={styles.figureTitle}>
        {title}
      </figcaption>
      <p className={styles.figureSummary}>{summary}</p>
      <div className={styles.chart} style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
            accessibilityLayer
            title={title}
            desc={summary}
          >
            <CartesianGrid horizontal={false} stroke={colours.grid} />
            <XAxis
              type="number"
              tickFormatter={formatAxis ?? formatValue}
              stroke={colours.text}
              fontSize={12}
            />
            <YAxis
              type="category"
              dataKey="name"
              width={112}
              stroke={colours.text}
              fontSize={12}
              interval={0}
            />
            <Tooltip formatter={(value) => formatValue(Number(value))} cursor={{ fillOpacity: 0.15 }} />
            <Bar dataKey="value" name={title} isAnimationActive={false}>
              {data.map((entry) => (
                <Cell key={entry.name} fill={entry.value < 0 ? colours.negative : colours.bar} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* Two or three short columns fit a phone as they are (stacking them made the page five times longer). */}
      <table className={styles.table} aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" data-label={columns[0]}>
                {row.label}
              </th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1] ?? index} data-label={columns[index + 1]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
