// Pure geometry of a printed hex map: labels CCRR (column then row, both from 1), flat-topped
// or pointy-topped hexes, and which columns (or rows) are shifted half a hex. Kept free of the
// DOM so it is unit-tested.

export type Orientation = 'flat' | 'pointy';
export type Parity = 'even' | 'odd';

export interface MapSpec {
  columns: number;
  rows: number;
  orientation: Orientation;
  shifted: Parity; // flat: these columns sit half a hex lower; pointy: these rows half a hex right
}

export interface Point {
  x: number;
  y: number;
}

export const SQRT3 = Math.sqrt(3);

export function hexLabel(col: number, row: number): string {
  return String(col).padStart(2, '0') + String(row).padStart(2, '0');
}

export function parseLabel(label: string): { col: number; row: number } | null {
  if (!/^\d{4}$/.test(label)) return null;
  return { col: Number(label.slice(0, 2)), row: Number(label.slice(2, 4)) };
}

export function onMap(spec: MapSpec, col: number, row: number): boolean {
  return col >= 1 && col <= spec.columns && row >= 1 && row <= spec.rows;
}

function shifted(parity: Parity, n: number): boolean {
  return parity === 'even' ? n % 2 === 0 : n % 2 === 1;
}

/** The hex centre in map units, for hexes of circumradius `size`, the map's corner at 0,0. */
export function hexCenter(spec: MapSpec, col: number, row: number, size: number): Point {
  if (spec.orientation === 'flat') {
    const h = SQRT3 * size;
    return {
      x: size + (col - 1) * 1.5 * size,
      y: h / 2 + (row - 1) * h + (shifted(spec.shifted, col) ? h / 2 : 0),
    };
  }
  const w = SQRT3 * size;
  return {
    x: w / 2 + (col - 1) * w + (shifted(spec.shifted, row) ? w / 2 : 0),
    y: size + (row - 1) * 1.5 * size,
  };
}

/** The six corners of a hex, clockwise from the east (flat) or from the north-east (pointy). */
export function hexCorners(spec: MapSpec, c: Point, size: number): Point[] {
  const start = spec.orientation === 'flat' ? 0 : -30;
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    out.push({ x: round(c.x + size * Math.cos(a)), y: round(c.y + size * Math.sin(a)) });
  }
  return out;
}

export function pointsAttr(points: Point[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(' ');
}

/** Width and height of the whole map in map units. */
export function mapExtent(spec: MapSpec, size: number): { width: number; height: number } {
  if (spec.orientation === 'flat') {
    const h = SQRT3 * size;
    const anyShift = spec.columns >= (spec.shifted === 'even' ? 2 : 1);
    return { width: 2 * size + (spec.columns - 1) * 1.5 * size, height: spec.rows * h + (anyShift ? h / 2 : 0) };
  }
  const w = SQRT3 * size;
  const anyShift = spec.rows >= (spec.shifted === 'even' ? 2 : 1);
  return { width: spec.columns * w + (anyShift ? w / 2 : 0), height: 2 * size + (spec.rows - 1) * 1.5 * size };
}

// Compass names of the twelve facings, 30 degrees apart clockwise from north: even values face
// a hexside, odd values a corner (as core/hex names them).
const FLAT_FACINGS = ['N', 'N/NE', 'NE', 'NE/SE', 'SE', 'SE/S', 'S', 'S/SW', 'SW', 'SW/NW', 'NW', 'NW/N'];
const POINTY_FACINGS = ['NE', 'NE/E', 'E', 'E/SE', 'SE', 'SE/SW', 'SW', 'SW/W', 'W', 'W/NW', 'NW', 'NW/NE'];

/**
 * The direction a facing points, in degrees clockwise from north (screen up), or null if the
 * name is unknown. Vertex names are accepted either way round ("NE/N" = "N/NE").
 */
export function facingAngle(name: string, orientation: Orientation = 'flat'): number | null {
  const n = name.trim().toUpperCase();
  if (orientation === 'flat') {
    const i = indexOfFacing(FLAT_FACINGS, n);
    return i < 0 ? null : i * 30;
  }
  // Pointy-topped: the NE hexside is at 30 degrees.
  const i = indexOfFacing(POINTY_FACINGS, n);
  return i < 0 ? null : (30 + i * 30) % 360;
}

function indexOfFacing(table: string[], n: string): number {
  let i = table.indexOf(n);
  if (i >= 0) return i;
  const parts = n.split('/');
  if (parts.length === 2) i = table.indexOf(parts[1] + '/' + parts[0]);
  return i;
}

/** A point at `dist` from `c` in the direction `deg` (clockwise from north). */
export function towards(c: Point, deg: number, dist: number): Point {
  const a = (deg * Math.PI) / 180;
  return { x: round(c.x + dist * Math.sin(a)), y: round(c.y - dist * Math.cos(a)) };
}

/** Labels of the on-map neighbours of a hex (flat: N, NE, SE, S, SW, NW order). */
export function neighbours(spec: MapSpec, col: number, row: number): string[] {
  const out: string[] = [];
  if (spec.orientation === 'flat') {
    const down = shifted(spec.shifted, col);
    const deltas: [number, number][] = down
      ? [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]]
      : [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]];
    for (const [dc, dr] of deltas) if (onMap(spec, col + dc, row + dr)) out.push(hexLabel(col + dc, row + dr));
    return out;
  }
  const right = shifted(spec.shifted, row);
  const deltas: [number, number][] = right
    ? [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 0]]
    : [[-1, -1], [0, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
  for (const [dc, dr] of deltas) if (onMap(spec, col + dc, row + dr)) out.push(hexLabel(col + dc, row + dr));
  return out;
}

/** Which hex (label) a map-space point falls in, or null if off the map. */
export function hexAt(spec: MapSpec, p: Point, size: number): string | null {
  // Nearest centre among the candidates around the rough column/row.
  let best: string | null = null;
  let bestD = Infinity;
  const approxCol = spec.orientation === 'flat' ? Math.round((p.x - size) / (1.5 * size)) + 1 : Math.round(p.x / (SQRT3 * size)) + 1;
  const approxRow = spec.orientation === 'flat' ? Math.round(p.y / (SQRT3 * size)) + 1 : Math.round((p.y - size) / (1.5 * size)) + 1;
  for (let c = approxCol - 1; c <= approxCol + 1; c++) {
    for (let r = approxRow - 1; r <= approxRow + 1; r++) {
      if (!onMap(spec, c, r)) continue;
      const q = hexCenter(spec, c, r, size);
      const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = hexLabel(c, r);
      }
    }
  }
  return bestD <= size * size ? best : null;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
