/** The chart's drawing area, in SVG user units (it scales to its container's width). */
export const CHART = { width: 640, panelHeight: 180, gap: 36, left: 72, right: 12, top: 20 } as const;

/** Points of a line through `values`, spread over the width, 0 at the panel's bottom and `max` at its top. */
export function linePoints(values: readonly number[], max: number, top: number, height: number = CHART.panelHeight, left: number = CHART.left, width: number = CHART.width - CHART.left - CHART.right): { x: number; y: number }[] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: Math.round((left + (values.length > 1 ? index * step : width / 2)) * 10) / 10,
    y: Math.round((top + height - (max > 0 ? (value / max) * height : 0)) * 10) / 10,
  }));
}

/** A round top for an axis: the smallest of 1, 2 or 5 times a power of ten at or above the highest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= value) ?? 10 * power);
}
