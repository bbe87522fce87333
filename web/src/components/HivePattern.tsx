/** Hexagon radius and the gap between cells, in the pattern's own units. */
const RADIUS = 30;
const GAP = 4;
const WIDTH = Math.sqrt(3) * RADIUS;
const COLUMNS = 9;
const ROWS = 16;

/** Warm tints of the brand colours; `null` leaves a cell as an outline only. */
const FILLS: readonly (string | null)[] = ['#fde7ea', null, '#ffe3d3', '#fff4cf', null, '#f9c9d1', null, '#ffd9c2', null, '#fde7ea', null];

function hexagon(cx: number, cy: number, r: number): string {
  const corners = [0, 1, 2, 3, 4, 5].map((i) => {
    const angle = (Math.PI / 3) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${corners.join('L')}Z`;
}

interface Cell {
  key: string;
  path: string;
  fill: string | null;
  pin: boolean;
  cx: number;
  cy: number;
}

// Computed once: the same honeycomb every time (a fixed walk through the tints, a few pins).
const CELLS: Cell[] = Array.from({ length: ROWS * COLUMNS }, (_, index) => {
  const row = Math.floor(index / COLUMNS);
  const column = index % COLUMNS;
  const cx = column * WIDTH + (row % 2 ? WIDTH / 2 : 0);
  const cy = row * RADIUS * 1.5;
  const fill = FILLS[(row * 4 + column * 7) % FILLS.length] ?? null;
  return { key: `${row}-${column}`, path: hexagon(cx, cy, RADIUS - GAP / 2), fill, pin: (row * 5 + column * 3) % 17 === 0, cx, cy };
});

/**
 * A honeycomb of warm tints with a few of the logo's pins in it: the login-required prompt's side
 * image while there are no pins to show. Our own drawing (no image asset); decorative.
 */
export function HivePattern({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${(COLUMNS - 0.5) * WIDTH} ${(ROWS - 1) * RADIUS * 1.5}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      {CELLS.map((cell) => (
        <g key={cell.key}>
          <path
            d={cell.path}
            fill={cell.pin ? '#e60023' : (cell.fill ?? 'none')}
            stroke={cell.fill || cell.pin ? 'none' : '#f3b7c1'}
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          {cell.pin ? (
            <g fill="#fff">
              <circle cx={cell.cx} cy={cell.cy - 4} r="7" />
              <path d={`M${cell.cx - 3.5} ${cell.cy + 1.5}h7L${cell.cx} ${cell.cy + 13}z`} />
            </g>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
