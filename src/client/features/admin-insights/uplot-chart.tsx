import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatChartValue, formatTick, WHOLE_STEPS } from './chart-axes';
import type { ChartSeries, ChartSpec } from './insights-figures';

/*
 * The one module that loads the chart library (uPlot, ADR 0033), imported lazily by figure-panel.tsx: neither
 * the storefront nor the rest of the admin portal downloads it. uPlot draws on a canvas, which assistive
 * technology cannot read; the chart is an image with a text alternative, and its panel's table holds the
 * figures. uPlot styles its elements through the CSSOM (el.style), which the CSP allows (ADR 0006).
 */

const HEIGHT = 240;
/** Below this much room per label, every other label (or fewer) is written. */
const MIN_LABEL_SPACING = 56;

function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** A scale from 0 to a little above the largest value (1 when everything is 0), so bars start at the axis. */
function zeroBased(values: readonly number[]): uPlot.Scale.Range {
  const top = Math.max(0, ...values);
  return () => [0, top === 0 ? 1 : top * 1.1];
}

function buildOptions(
  spec: ChartSpec,
  width: number,
  onHover: (index: number | null) => void,
): uPlot.Options {
  const ink = themeColour('--color-muted-foreground', '#5f6f68');
  const grid = themeColour('--color-border', '#e1e4dc');
  const primary = themeColour('--color-primary', '#2f6b58');
  const lineColour = themeColour('--color-chart-line', '#b45309');
  const font = `12px ${themeColour('--font-sans', 'system-ui, sans-serif')}`;
  const count = spec.labels.length;
  const bars = spec.series.find((series) => series.style === 'bars');
  const line = spec.series.find((series) => series.style === 'line');
  const axis = (series: ChartSeries, side: 1 | 3, showGrid: boolean): uPlot.Axis => ({
    scale: series.label,
    side,
    stroke: ink,
    font,
    size: 56,
    ticks: { show: false },
    grid: { show: showGrid, stroke: grid, width: 1 },
    // Whole orders and whole dollars between ticks (chart-axes.ts).
    incrs: [...WHOLE_STEPS],
    values: (_chart, splits) => splits.map((value) => formatTick(series.kind, value)),
  });
  const seriesOf = (series: ChartSeries): uPlot.Series =>
    series.style === 'bars'
      ? {
          label: series.label,
          scale: series.label,
          fill: primary,
          stroke: primary,
          paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
          points: { show: false },
        }
      : {
          label: series.label,
          scale: series.label,
          stroke: lineColour,
          width: 2,
          points: { show: true, size: 6, fill: lineColour },
        };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: () => [-0.5, count - 0.5] },
      ...Object.fromEntries(spec.series.map((series) => [series.label, { range: zeroBased(series.values) }])),
    },
    axes: [
      {
        stroke: ink,
        font,
        size: 32,
        ticks: { show: false },
        grid: { show: false },
        // One label per category, thinned out when they would not fit.
        splits: (chart) => {
          const step = Math.max(
            1,
            Math.ceil((count * MIN_LABEL_SPACING) / Math.max(1, chart.bbox.width / devicePixelRatio)),
          );
          return spec.labels
            .map((_label, index) => index)
            .filter((index) => (count - 1 - index) % step === 0);
        },
        values: (_chart, splits) => splits.map((index) => spec.labels[index] ?? ''),
      },
      ...(bars ? [axis(bars, 3, true)] : []),
      ...(line ? [axis(line, 1, !bars)] : []),
    ],
    series: [{}, ...spec.series.map(seriesOf)],
    hooks: {
      setCursor: [(chart) => onHover(chart.cursor.idx ?? null)],
    },
  };
}

/**
 * A bar chart (with an optional line on its own axis) of `spec`, as wide as its container; pointing at a
 * category writes its figures above the chart.
 */
export default function UplotChart({ spec }: { spec: ChartSpec }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const data: uPlot.AlignedData = [
      spec.labels.map((_label, index) => index),
      ...spec.series.map((series) => series.values),
    ];
    const chart = new uPlot(buildOptions(spec, container.clientWidth, setHovered), data, container);
    const resize = new ResizeObserver(() => {
      if (container.clientWidth > 0) chart.setSize({ width: container.clientWidth, height: HEIGHT });
    });
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [spec]);

  const readout =
    hovered === null
      ? ''
      : `${spec.labels[hovered] ?? ''}: ${spec.series
          .map((series) => `${series.label} ${formatChartValue(series.kind, series.values[hovered] ?? 0)}`)
          .join(', ')}`;

  return (
    <div>
      {/* For pointer users; the panel's table has the same figures for everyone. */}
      <p aria-hidden="true" className="h-5 text-sm text-muted-foreground" data-chart-readout="">
        {readout}
      </p>
      {spec.series.length > 1 ? (
        <ul aria-hidden="true" className="flex flex-wrap gap-4 text-xs text-muted-foreground">
          {spec.series.map((series) => (
            <li key={series.label} className="flex items-center gap-1.5">
              <span
                className={
                  series.style === 'bars' ? 'size-3 rounded-sm bg-primary' : 'h-0.5 w-4 bg-chart-line'
                }
              />
              {series.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={containerRef} className="w-full" />
    </div>
  );
}
