import { useId } from "react"

/** A series of bars: its label, its color (a CSS variable of Medusa's theme, so it follows light and dark) and a value per category. */
export type BarSeries = { key: string; label: string; color: string; values: number[] }

type BarChartProps = {
  /** Read by screen readers, and shown as the chart's tooltip. */
  title: string
  testId: string
  /** The x axis: a label per category (an hour, a day, a service). */
  categories: string[]
  series: BarSeries[]
  /** Stacked: one bar per category, its series on top of each other; else side by side. */
  stacked?: boolean
  /** A bar's number as a person reads it (a count by default). */
  formatValue?: (value: number, series: BarSeries) => string
  /** The y axis's marks; by default 0, half and the top of the scale. */
  ticks?: Array<{ value: number; label: string }>
  /** The top of the scale; by default the tallest bar. */
  max?: number
}

const WIDTH = 1000
const HEIGHT = 240
const LEFT = 68
const RIGHT = 8
const TOP = 10
const BOTTOM = 26
const PLOT_WIDTH = WIDTH - LEFT - RIGHT
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM
/** At most this many x labels, so that 30 days or 24 hours stay readable. */
const MAX_X_LABELS = 12

/** A round top for the scale: 1, 2, 5 or 10 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power
}

/**
 * Bars in plain SVG, in Medusa's theme colors: each bar (or stacked segment) has a <title> with
 * its category, series and number, and the chart a title of its own.
 */
export const BarChart = ({
  title,
  testId,
  categories,
  series,
  stacked = false,
  formatValue,
  ticks,
  max,
}: BarChartProps) => {
  const titleId = useId()
  const format = formatValue ?? ((value: number) => String(value))
  const tallest = stacked
    ? Math.max(0, ...categories.map((_, index) => series.reduce((sum, one) => sum + one.values[index], 0)))
    : Math.max(0, ...series.flatMap((one) => one.values))
  const top = max ?? niceMax(tallest)
  const marks =
    ticks ??
    [0, top / 2, top].filter((value) => Number.isInteger(value)).map((value) => ({ value, label: String(value) }))
  const y = (value: number) => TOP + PLOT_HEIGHT - (Math.min(value, top) / top) * PLOT_HEIGHT
  const slot = PLOT_WIDTH / Math.max(categories.length, 1)
  const barWidth = Math.min(48, slot * 0.7)
  const labelEvery = Math.ceil(categories.length / MAX_X_LABELS)

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
      data-testid={testId}
      style={{ fontSize: 11, fontFamily: "inherit" }}
    >
      <title id={titleId}>{title}</title>
      {marks.map((mark) => (
        <g key={mark.value}>
          <line
            x1={LEFT}
            x2={WIDTH - RIGHT}
            y1={y(mark.value)}
            y2={y(mark.value)}
            style={{ stroke: "var(--border-base)" }}
          />
          <text x={LEFT - 6} y={y(mark.value) + 4} textAnchor="end" style={{ fill: "var(--fg-muted)" }}>
            {mark.label}
          </text>
        </g>
      ))}
      {categories.map((category, index) => {
        const left = LEFT + index * slot + (slot - barWidth) / 2
        let base = 0
        return (
          <g key={`${category}-${index}`} data-category={category}>
            {series.map((one, position) => {
              const value = one.values[index]
              if (value <= 0) return null
              const width = stacked ? barWidth : barWidth / series.length
              const x = stacked ? left : left + position * width
              const from = stacked ? base : 0
              base = stacked ? base + value : base
              return (
                <rect
                  key={one.key}
                  x={x}
                  width={Math.max(width - (stacked ? 0 : 1), 1)}
                  y={y(from + value)}
                  height={Math.max(y(from) - y(from + value), 1)}
                  style={{ fill: one.color }}
                  data-series={one.key}
                >
                  <title>{`${category} · ${one.label}: ${format(value, one)}`}</title>
                </rect>
              )
            })}
            {index % labelEvery === 0 && (
              <text x={left + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" style={{ fill: "var(--fg-subtle)" }}>
                {category}
              </text>
            )}
          </g>
        )
      })}
      <line
        x1={LEFT}
        x2={WIDTH - RIGHT}
        y1={TOP + PLOT_HEIGHT}
        y2={TOP + PLOT_HEIGHT}
        style={{ stroke: "var(--border-strong)" }}
      />
    </svg>
  )
}

/** The colored mark of a series, for a legend beside a chart. */
export const Swatch = ({ color }: { color: string }) => (
  <span aria-hidden className="inline-block h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: color }} />
)
