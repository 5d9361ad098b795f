import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = {
  name: string;
  values: number[];
  colour: string;
  format: (value: number) => string;
};

type BarChartProps = {
  label: string;
  /** What a bar stands for ("Week", "Aircraft"), in the legend and the table. */
  categoryName: string;
  /** One label per bar, left to right. */
  categories: string[];
  bars: ChartSeries;
  /** Lines with points on an axis of their own (right), sharing its scale and the first line's format. */
  lines?: readonly ChartSeries[];
};

const noLines: readonly ChartSeries[] = [];

const chartHeight = 200;

const labelWidthPx = 56;

/** Every label where there is room, else every second or third: labels never run into each other. */
const categoryLabels = (categories: string[]) => (plot: uPlot, ticks: number[]) => {
  const slotPx = plot.bbox.width / uPlot.pxRatio / Math.max(1, categories.length);
  const step = Math.max(1, Math.ceil(labelWidthPx / slotPx));
  // Counted from the right: the latest (this week) always keeps its label.
  return ticks.map((tick, index) => ((ticks.length - 1 - index) % step === 0 ? (categories[tick] ?? '') : ''));
};

/**
 * Bars per category (weeks, aircraft) drawn by uPlot, as the flight screen's charts are, with the same
 * numbers in a table for screen readers: the canvas itself is a picture.
 */
export function BarChart({ label, categoryName, categories, bars, lines = noLines }: BarChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current!;
    const indices = categories.map((_, index) => index);
    const maxOf = (values: number[]) => Math.max(1, ...values) * 1.15;
    const plot = new uPlot(
      {
        width: Math.max(240, container.clientWidth),
        height: chartHeight,
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        legend: { live: true },
        scales: {
          x: { time: false, range: [-0.6, categories.length - 0.4] },
          bars: { range: [0, maxOf(bars.values)] },
          ...(lines.length > 0 ? { line: { range: [0, maxOf(lines.flatMap((line) => line.values))] as uPlot.Range.MinMax } } : {}),
        },
        axes: [
          { stroke: '#64748b', grid: { show: false }, splits: () => indices, values: categoryLabels(categories), size: 32 },
          { scale: 'bars', stroke: bars.colour, grid: { stroke: '#f1f5f9' }, size: 56, values: (_plot, ticks) => ticks.map(bars.format) },
          ...lines.slice(0, 1).map((line) => ({
            scale: 'line',
            side: 1,
            stroke: lines.length === 1 ? line.colour : '#64748b',
            grid: { show: false },
            size: 52,
            values: (_plot: uPlot, ticks: number[]) => ticks.map(line.format),
          })),
        ],
        series: [
          { label: categoryName, value: (_plot, index) => (index === null ? '—' : (categories[index] ?? '—')) },
          {
            label: bars.name,
            scale: 'bars',
            stroke: bars.colour,
            fill: `${bars.colour}cc`,
            paths: uPlot.paths.bars!({ size: [0.6, 48] }),
            points: { show: false },
            value: (_plot, value) => (value === null ? '—' : bars.format(value)),
          },
          ...lines.map((line) => ({
            label: line.name,
            scale: 'line',
            stroke: line.colour,
            width: 2,
            points: { show: true, size: 6, fill: line.colour },
            value: (_plot: uPlot, value: number | null) => (value === null ? '—' : line.format(value)),
          })),
        ],
      },
      [indices, bars.values, ...lines.map((line) => line.values)],
      container,
    );
    const observer = new ResizeObserver(() => {
      const width = Math.max(240, container.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: chartHeight });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [categoryName, categories, bars, lines]);

  return (
    <figure className="relative m-0 min-w-0">
      <div ref={containerRef} role="img" aria-label={label} className="w-full min-w-0 text-xs" />
      {/* A table ignores a 1-px width and would widen the page: the hidden box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryName}</th>
              <th scope="col">{bars.name}</th>
              {lines.map((line) => (
                <th key={line.name} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={`${category}-${index}`}>
                <th scope="row">{category}</th>
                <td>{bars.format(bars.values[index] ?? 0)}</td>
                {lines.map((line) => (
                  <td key={line.name}>{line.format(line.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
