import { Box, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { ReportRow } from '../../schema/reports';
import { columnOf, seriesColours, xTick, yTick } from './chartParts';
import { formatValue } from './format';
import type { ReportChartProps } from './ReportChart';

const MARGIN = { top: 8, right: 8, bottom: 22, left: 64 };
/** The least room an x label needs; closer labels are skipped (every second, third… is shown). */
const LABEL_WIDTH = 44;

/**
 * Grouped bars drawn as plain SVG, for the landing dashboard: recharts (ReportChart) is a third of the landing's
 * download budget and most of its start-up time, for two bar charts of a dozen bars. Same props and the same look
 * as ReportChart's bars. Like it, the drawing is hidden from screen readers (the table beside it says the same);
 * each bar's value shows on hover.
 */
export default function BarsChart({ chart, columns, rows }: ReportChartProps) {
  const theme = useTheme();
  const [box, setBox] = useState({ width: 0, height: 0 });
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // The observer reports the size once laid out (and on every change): reading it here would force a layout.
    const observer = new ResizeObserver(([entry]) =>
      setBox({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const column = columnOf(columns);
  const x = column(chart.x);
  const money = chart.series.every((key) => column(key).kind === 'money');
  const colours = seriesColours(theme);
  const values = rows.flatMap((row) => chart.series.map((key) => Number(row[key] ?? 0)));
  const counts = chart.series.every((key) => column(key).kind === 'count');
  const { low, high, step } = niceScale(Math.min(0, ...values), Math.max(0, ...values), counts);
  const plotWidth = Math.max(0, box.width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(0, box.height - MARGIN.top - MARGIN.bottom);
  const y = (value: number) => MARGIN.top + plotHeight * (1 - (value - low) / (high - low));
  const band = rows.length ? plotWidth / rows.length : 0;
  const barWidth = (band * 0.8) / chart.series.length;
  const labelEvery = Math.max(1, Math.ceil(LABEL_WIDTH / (band || 1)));
  const ticks = Array.from({ length: Math.round((high - low) / step) + 1 }, (_, index) => low + step * index);
  const text = { fontSize: 12, fill: theme.palette.text.secondary };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box ref={frame} sx={{ flex: 1, minHeight: 0 }}>
        {box.width > 0 && (
          <svg width={box.width} height={box.height} role="presentation">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={theme.palette.divider}
                  strokeDasharray="3 3"
                />
                <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" {...text}>
                  {yTick(money, tick)}
                </text>
              </g>
            ))}
            {rows.map((row: ReportRow, index) => (
              <g key={String(row[chart.x] ?? index)}>
                {chart.series.map((key, s) => {
                  const value = Number(row[key] ?? 0);
                  const top = y(Math.max(0, value));
                  return (
                    <rect
                      key={key}
                      x={MARGIN.left + band * index + band * 0.1 + barWidth * s}
                      y={top}
                      width={Math.max(1, barWidth - 1)}
                      height={Math.max(0, Math.abs(y(value) - y(0)))}
                      fill={colours[s % colours.length]}
                    >
                      <title>{`${formatValue(x, row[chart.x] as string)} · ${column(key).label}: ${formatValue(column(key), value)}`}</title>
                    </rect>
                  );
                })}
                {index % labelEvery === 0 && (
                  <text
                    x={MARGIN.left + band * (index + 0.5)}
                    y={MARGIN.top + plotHeight + 16}
                    textAnchor="middle"
                    {...text}
                  >
                    {xTick(x, row[chart.x])}
                  </text>
                )}
              </g>
            ))}
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotWidth}
              y1={y(0)}
              y2={y(0)}
              stroke={theme.palette.text.secondary}
            />
          </svg>
        )}
      </Box>
      {chart.series.length > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 2, fontSize: 12, color: 'text.secondary' }}>
          {chart.series.map((key, s) => (
            <Box key={key} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 10, height: 10, bgcolor: colours[s % colours.length] }} />
              {column(key).label}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The axis' range in round steps (1, 2, 2.5 or 5 × a power of ten; about four of them), so the ticks read well;
 * whole steps for counts (no "0.25 loads").
 */
export function niceScale(min: number, max: number, whole = false): { low: number; high: number; step: number } {
  if (min === max) return { low: min, high: min + 1, step: 1 };
  const rough = (max - min) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const step = whole ? Math.max(1, Math.round(nice)) : nice;
  return { low: Math.floor(min / step) * step, high: Math.ceil(max / step) * step, step };
}
