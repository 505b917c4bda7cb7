// The top-down table view model, kept free of the DOM: reads the state JSON of a miniatures
// ruleset (the table-view shape of docs/api.md: ohw's State::to_json, fastplay's) and the
// decisions that name bases, and does the plane geometry the board needs (front arcs, snapping a
// drop to a ghost, encoding a free placement). Unit-tested.
//
// Coordinates are the ruleset's integer sub-units (units_per_inch of them to the inch), x to
// the right and y up (away from the player at the bottom edge), as the rules measure them.

import type { Action, Placement } from '../api';

export type Pt = [number, number];

export interface TableTerrain {
  id: string;
  /** What the board writes on it: the ruleset's name for it, else its id. */
  name: string;
  type: string;
  polygon: Pt[];
}

export interface TableRoad {
  id: string;
  line: Pt[];
}

// A linear feature (a hedge, a ditch, works...): its type, its line, and the side it is held
// from walking the line ('left', 'right', or '' for either).
export interface TableLine {
  id: string;
  type: string;
  defended: string;
  line: Pt[];
}

export interface TableUnit {
  id: string;
  /** The unit's name as the rules' sentences give it ("the League knights #2"), else its id. */
  name: string;
  /** The short label the position gives it ("knights #2", "Hc(s) #3"), else ''. */
  label: string;
  side: string;
  type: string;
  x: number;
  y: number;
  headingDeg: number; // counter-clockwise from +x
  corners: Pt[]; // front-right, front-left, back-left, back-right
  hits: number | null; // null: the ruleset counts no hits (fastplay, gwkho)
  onTable: boolean;
  removed: boolean;
  stands: TableStand[]; // the unit's stands, where the ruleset draws them (fastplay); else empty
  /** A piece standing on the table with no one to work it (a gun whose crew fled). */
  uncrewed: boolean;
  /** The name of the enemy unit working it, where the view says one does; else ''. */
  workedBy: string;
}

/** One stand of a unit made of stands (fastplay): its place on the table and whether it lives. */
export interface TableStand {
  index: number; // as the decisions number it (0-based; "stand 1" in their names)
  type: string;
  x: number;
  y: number;
  corners: Pt[];
  alive: boolean;
  turned: boolean;
}

export interface TableState {
  width: number;
  height: number;
  upi: number; // sub-units per inch
  terrain: TableTerrain[];
  roads: TableRoad[];
  lines: TableLine[];
  units: TableUnit[];
  selected: string;
  phase: string;
  active: string;
}

const ARCSEC_PER_DEG = 3600;

function num(v: unknown, d = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : d;
}

function pts(v: unknown): Pt[] {
  if (!Array.isArray(v)) return [];
  return v.filter((p) => Array.isArray(p) && p.length >= 2).map((p) => [num(p[0]), num(p[1])] as Pt);
}

export function readTableState(s: Record<string, unknown>): TableState {
  const table = (s.table ?? {}) as Record<string, unknown>;
  const upi = num(s.units_per_inch, 100);
  const units = Array.isArray(s.units) ? (s.units as Record<string, unknown>[]) : [];
  const st: TableState = {
    width: num(table.width, 36 * upi),
    height: num(table.height, 36 * upi),
    upi,
    terrain: (Array.isArray(s.terrain) ? (s.terrain as Record<string, unknown>[]) : []).map((t) => ({
      id: String(t.id ?? ''),
      name: String(t.name ?? t.id ?? ''),
      type: String(t.type ?? 'zone'),
      polygon: pts(t.polygon),
    })),
    roads: (Array.isArray(s.roads) ? (s.roads as Record<string, unknown>[]) : []).map((r) => ({
      id: String(r.id ?? ''),
      line: pts(r.line),
    })),
    lines: (Array.isArray(s.lines) ? (s.lines as Record<string, unknown>[]) : []).map((l) => ({
      id: String(l.id ?? ''),
      type: String(l.type ?? 'line'),
      defended: String(l.defended ?? ''),
      line: pts(l.line),
    })),
    units: units.map((u) => ({
      id: String(u.id ?? ''),
      name: typeof u.name === 'string' && u.name ? u.name : String(u.id ?? ''),
      label: typeof u.label === 'string' ? u.label : '',
      side: String(u.side ?? ''),
      type: String(u.type ?? ''),
      x: num(u.x),
      y: num(u.y),
      headingDeg: num(u.heading_arcsec) / ARCSEC_PER_DEG,
      corners: pts(u.corners),
      hits: typeof u.hits === 'number' ? u.hits : null,
      onTable: u.on_table !== false,
      removed: u.removed === true,
      stands: (Array.isArray(u.stands) ? (u.stands as Record<string, unknown>[]) : []).map((t, index) => ({
        index,
        type: String(t.type ?? ''),
        x: num(t.x),
        y: num(t.y),
        corners: pts(t.corners),
        alive: t.alive !== false,
        turned: t.turned === true,
      })),
      uncrewed: u.uncrewed === true,
      workedBy: typeof u.worked_by === 'string' ? u.worked_by : '',
    })),
    selected: typeof s.selected === 'string' ? s.selected : '',
    phase: typeof s.phase === 'string' ? s.phase : '',
    active: typeof s.active === 'string' ? s.active : '',
  };
  // The view names the unit working an uncrewed piece by its id: write it by its name.
  const nameOf = new Map(st.units.map((u) => [u.id, u.name]));
  for (const u of st.units) if (u.workedBy) u.workedBy = nameOf.get(u.workedBy) ?? u.workedBy;
  return st;
}

/** Short labels of unit types. */
const TYPE_LABEL: Record<string, string> = {
  knights: 'Knights',
  men_at_arms: 'Men-at-arms',
  archers: 'Archers',
  levies: 'Levies',
  irregulars: 'Irregulars',
  peasant_archers: 'Peasant arch.',
  wagon: 'Wagon',
};

const TYPE_SHORT: Record<string, string> = {
  knights: 'Kn',
  men_at_arms: 'MaA',
  archers: 'Arch',
  levies: 'Lev',
  irregulars: 'Irr',
  peasant_archers: 'P.Arch',
  wagon: 'Wag',
};

/** The unit type as a label; `short` for a base seen end-on (narrow on the screen). */
export function typeLabel(type: string, short = false): string {
  // gwkho's troop types carry their grade in brackets ("Hc(o)"): the short form is the type alone.
  const graded = /^(.+)\([a-z]+\)$/.exec(type);
  if (short) return TYPE_SHORT[type] ?? (graded ? graded[1] : type.slice(0, 4));
  return TYPE_LABEL[type] ?? type.replace(/_/g, ' ');
}

/** A name as a sentence starts with it ("the League knights" -> "The League knights"). */
export function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * What the board writes under a unit's type beside its hits: the number the unit's name gives
 * it among its side's units of its type ("the League knights #2" -> "#2"), '' when it has none
 * (the type above and the side's colour say the rest). Never the unit's id.
 */
export function unitNumber(u: { name: string; label?: string }): string {
  return /(#\d+)\s*$/.exec(u.name)?.[1] ?? /(#\d+)\s*$/.exec(u.label ?? '')?.[1] ?? '';
}

/**
 * The small tag the board writes on a piece standing uncrewed ('uncrewed', or 'worked' while an
 * enemy works it), '' on any other unit. Drawn from the view's flag alone, whatever the ruleset.
 */
export function unitTag(u: { uncrewed: boolean; workedBy: string }): string {
  if (!u.uncrewed) return '';
  return u.workedBy ? 'worked' : 'uncrewed';
}

/** The classes of a unit's group on the board (its type, its state, its highlights). */
export function unitClasses(u: TableUnit, roles: string[], selected: boolean): string {
  return ['tunit', `type-${u.type}`, u.uncrewed ? 'uncrewed' : '', u.workedBy ? 'worked' : '', selected ? 'selected' : '', ...roles.map((r) => `hl-${r}`)].filter(Boolean).join(' ');
}

/**
 * A unit's hover text: its name (its type in words and its side where the name does not say
 * them), hits, whether it stands uncrewed (and who works it), where it stands and its facing.
 */
export function describeTableUnit(u: TableUnit, sideName: (id: string) => string, upi: number): string {
  const h = Math.round(((u.headingDeg % 360) + 360) % 360);
  const hits = u.hits === null ? '' : `, ${u.hits} hit${u.hits === 1 ? '' : 's'}`;
  const lower = u.name.toLowerCase();
  const type = typeLabel(u.type);
  const side = sideName(u.side);
  const extra = [lower.includes(type.toLowerCase()) ? '' : type, lower.includes(side.toLowerCase()) ? '' : side].filter(Boolean);
  const crew = u.uncrewed ? `, uncrewed${u.workedBy ? ` (worked by ${u.workedBy})` : ''}` : '';
  return `${capitalised(u.name)}${extra.length ? ` (${extra.join(', ')})` : ''}${hits}${crew}; at (${(u.x / upi).toFixed(1)}", ${(u.y / upi).toFixed(1)}") facing ${h}°`;
}

// ---- Plane geometry ----

export function mid(a: Pt, b: Pt): Pt {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/**
 * Where a stand's number badge goes, in screen coordinates: on the line from the front edge's
 * middle `front` through the rear edge's middle `rear`, `out` beyond the rear edge.
 */
export function badgeAt(front: Pt, rear: Pt, out: number): Pt {
  const dx = rear[0] - front[0];
  const dy = rear[1] - front[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return rear;
  return [rear[0] + (dx / len) * out, rear[1] + (dy / len) * out];
}

/** The middle of the front edge (corners 0 and 1). */
export function frontCentre(u: { corners: Pt[]; x: number; y: number }): Pt {
  return u.corners.length >= 2 ? mid(u.corners[0], u.corners[1]) : [u.x, u.y];
}

/**
 * The front arc (ohw 0.5, 0.6): the region ahead of the front edge between rays from the front
 * corners at 45 degrees outwards, drawn out to `reach` from the front edge.
 */
export function frontArc(u: { corners: Pt[]; headingDeg: number }, reach: number): Pt[] {
  if (u.corners.length < 2) return [];
  const [fr, fl] = u.corners;
  const h = (u.headingDeg * Math.PI) / 180;
  const ray = (p: Pt, deg: number): Pt => {
    const a = h + (deg * Math.PI) / 180;
    const len = reach / Math.cos(Math.PI / 4);
    return [p[0] + Math.cos(a) * len, p[1] + Math.sin(a) * len];
  };
  // Left is counter-clockwise of the heading.
  return [fr, ray(fr, -45), ray(fl, 45), fl];
}

export function pointInPolygon(p: Pt, poly: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// ---- Decisions that name a base ----

/** A decision with the base it leads to (a ghost): move, turn, hold, charge, place. */
export interface Ghost {
  action: Action;
  corners: Pt[];
  x: number;
  y: number;
  headingDeg: number;
}

export function ghostsOf(actions: Action[]): Ghost[] {
  const out: Ghost[] = [];
  for (const a of actions) {
    const c = pts(a.corners);
    if (c.length !== 4 || typeof a.x !== 'number' || typeof a.y !== 'number') continue;
    out.push({ action: a, corners: c, x: a.x, y: a.y, headingDeg: num(a.heading_arcsec) / ARCSEC_PER_DEG });
  }
  return out;
}

/** A piece another's move pushes back: where it would end (its ghost) and where it stands now. */
export interface PushedGhost {
  id: string;
  name: string;
  corners: Pt[];
  to: Pt;
  /** Its centre now (the trail's start); null if the position does not have it on the table. */
  from: Pt | null;
}

/**
 * The pieces a decision pushes back as it moves (its `pushed` list: id, name, the corners and
 * centre where each ends), each with where it stands now in `units`. Entries without four
 * corners and a centre are left out; a decision that pushes nothing gives [].
 */
export function pushedGhosts(a: Action, units: TableUnit[]): PushedGhost[] {
  const list = Array.isArray(a.pushed) ? (a.pushed as Record<string, unknown>[]) : [];
  const out: PushedGhost[] = [];
  for (const p of list) {
    const c = pts(p?.corners);
    if (c.length !== 4 || typeof p.x !== 'number' || typeof p.y !== 'number') continue;
    const id = typeof p.id === 'string' ? p.id : '';
    const now = units.find((u) => u.id === id && u.onTable && !u.removed);
    out.push({ id, name: typeof p.name === 'string' && p.name ? p.name : (now?.name ?? id), corners: c, to: [p.x, p.y], from: now ? [now.x, now.y] : null });
  }
  return out;
}

/**
 * The ghost a drop at `p` snaps to: the nearest ghost centre within `radius`, preferring (among
 * those as near as the nearest to within a quarter of the radius) one that keeps `headingDeg`.
 */
export function snapToGhost(ghosts: Ghost[], p: Pt, radius: number, headingDeg?: number): Ghost | null {
  let best: Ghost | null = null;
  let bestD = Infinity;
  for (const g of ghosts) {
    if (g.action.kind === 'hold') continue;
    const d = Math.hypot(g.x - p[0], g.y - p[1]);
    const sameFacing = headingDeg !== undefined && angleDiff(g.headingDeg, headingDeg) < 0.5;
    const score = d - (sameFacing ? radius / 4 : 0);
    if (d <= radius && score < bestD) {
      best = g;
      bestD = score;
    }
  }
  return best;
}

export function angleDiff(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 540) % 360 - 180);
  return d;
}

/**
 * The free-placement action for a drop of the placed unit's centre at `p` facing `headingDeg`
 * (encoded as the server's placement answer says), pulled back inside the reach (unless `clamp`
 * is false: the server then says why a drop beyond it is refused), or null when the drop is
 * where the unit stands. The server checks it against the rules all the same.
 */
export function placementAction(pl: Placement, p: Pt, headingDeg: number, clamp = true): { id: number; direction: number; distance: number; heading: number } | null {
  const dx = p[0] - pl.x;
  const dy = p[1] - pl.y;
  let dist = Math.hypot(dx, dy);
  const hIdx = ((Math.round(headingDeg / pl.heading_step_deg) % pl.headings) + pl.headings) % pl.headings;
  let direction = 0;
  let steps = 0;
  if (dist >= pl.distance_step / 2) {
    direction = ((Math.round((Math.atan2(dy, dx) * 180) / Math.PI) % pl.directions) + pl.directions) % pl.directions;
    if (clamp) dist = Math.min(dist, reachAt(pl, direction));
    steps = Math.min(pl.distances - 1, Math.floor(dist / pl.distance_step + 1e-9));
  }
  if (steps === 0) direction = 0;
  const curIdx = Math.round(pl.heading_arcsec / 3600 / pl.heading_step_deg);
  if (steps === 0 && hIdx === ((curIdx % pl.headings) + pl.headings) % pl.headings) return null;
  return { id: pl.action_base + (direction * pl.distances + steps) * pl.headings + hIdx, direction, distance: steps, heading: hIdx };
}

/** How far the centre may go in direction `deg` (interpolated between the reach samples). */
export function reachAt(pl: Placement, deg: number): number {
  const n = pl.reach.length;
  if (n === 0) return 0;
  const step = pl.reach_step_deg;
  const f = (((deg % 360) + 360) % 360) / step;
  const i = Math.floor(f) % n;
  const j = (i + 1) % n;
  const r = (k: number) => Math.hypot(pl.reach[k][0] - pl.x, pl.reach[k][1] - pl.y);
  // On a sample, its reach; between two, the nearer of them (never beyond either).
  return f === Math.floor(f) ? r(i) : Math.min(r(i), r(j));
}

// ---- Decisions that name one stand of a unit ----

/**
 * How the board shows a stand a decision names: a stand its owner may lose (fastplay
 * PendingKind::kLoss, kind "lose-stand"), an enemy stand to strike (kStrike, "strike"), or any
 * other pick of a stand (e.g. an archer stand for arrow supply).
 */
export type StandRole = 'lose' | 'strike' | 'pick';

export function standRole(kind: string | undefined): StandRole {
  return kind === 'lose-stand' ? 'lose' : kind === 'strike' ? 'strike' : 'pick';
}

/** A stand the legal decisions name, with every decision naming it (usually one). */
export interface StandPick {
  key: string; // standKey(unit, stand)
  unit: string;
  stand: number;
  corners: Pt[];
  role: StandRole;
  actions: Action[];
}

export function standKey(unit: string, stand: number): string {
  return `${unit}#${stand}`;
}

/** The unit and stand a decision names (`unit` and a whole `stand` index), or null. */
export function standOf(a: Action): { unit: string; stand: number } | null {
  const stand = a.stand;
  if (typeof a.unit !== 'string' || typeof stand !== 'number' || !Number.isInteger(stand) || stand < 0) return null;
  return { unit: a.unit, stand };
}

/**
 * The stands the decisions name, in the decisions' order, each with its outline: the
 * decision's own `corners` when it gives four, else the stand's in the state's units. A stand
 * with no outline either way is left out (its decisions stay buttons).
 */
export function standPicks(actions: Action[], units: TableUnit[]): StandPick[] {
  const out = new Map<string, StandPick>();
  for (const a of actions) {
    const at = standOf(a);
    if (!at) continue;
    const key = standKey(at.unit, at.stand);
    const known = out.get(key);
    if (known) {
      known.actions.push(a);
      continue;
    }
    let corners = pts(a.corners);
    if (corners.length !== 4) corners = units.find((u) => u.id === at.unit)?.stands[at.stand]?.corners ?? [];
    if (corners.length !== 4) continue;
    out.set(key, { key, unit: at.unit, stand: at.stand, corners, role: standRole(a.kind), actions: [a] });
  }
  return [...out.values()];
}

/**
 * The stands that would strike (`by`, `by_stand` of the "strike" decisions), by key, with
 * their outline from the state: the board marks them beside the stands they may strike.
 */
export function strikingStands(actions: Action[], units: TableUnit[]): { key: string; unit: string; stand: number; corners: Pt[] }[] {
  const out = new Map<string, { key: string; unit: string; stand: number; corners: Pt[] }>();
  for (const a of actions) {
    const s = a.by_stand;
    if (a.kind !== 'strike' || typeof a.by !== 'string' || typeof s !== 'number' || !Number.isInteger(s)) continue;
    const key = standKey(a.by, s);
    if (out.has(key)) continue;
    const corners = units.find((u) => u.id === a.by)?.stands[s]?.corners ?? [];
    if (corners.length === 4) out.set(key, { key, unit: a.by, stand: s, corners });
  }
  return [...out.values()];
}

/**
 * Whether the board zooms by itself for a decision about stands (at the whole table a stand is
 * a few pixels): "focus" when stands are to be picked and the person sees the whole table, or
 * when the board zoomed by itself and the stands to pick are new (`changed`: they may stand
 * elsewhere, e.g. a unit closed up after a loss); "fit" back to the whole table when the person
 * next has a decision that names no stand (not while waiting: the agent's turn between two picks
 * keeps the zoom); else null. `zoomed`: the board zoomed by itself and has not gone back yet.
 */
export function standZoomStep(
  zoomed: boolean,
  now: { interactive: boolean; picks: number; changed: boolean; decisions: number; zoomedIn: boolean },
): 'focus' | 'fit' | null {
  if (!now.interactive) return null;
  if (now.picks > 0) return (!zoomed && !now.zoomedIn) || (zoomed && now.changed) ? 'focus' : null;
  return zoomed && now.decisions > 0 ? 'fit' : null;
}

/** What the stands to pick are and where they stand, to tell a new decision about stands. */
export function picksSignature(picks: StandPick[]): string {
  return picks.map((p) => `${p.key}@${p.corners.map((c) => c.join(',')).join(' ')}`).join(';');
}

// ---- Labels readable at any zoom ----

/** A label's box on the board (user units): left, top, right, bottom. */
export type Box = [number, number, number, number];

export function boxesMeet(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/**
 * Which form of each label to show so that no two shown labels overlap: labels in order, each
 * with its forms (most wanted first) as boxes at the size they are drawn. First as many labels
 * as can be are shown in their first fallback form (the label's `from[i]`, by default its last),
 * then those left out in the first of their later forms that meets no label shown, then each is
 * moved up to the most wanted form that meets no other label shown. -1: none (shown on hover, or when zoomed in).
 * A table board's unit (fitLabels) offers its long and short text on its base, then its short
 * text beside the base with a leader line; a terrain name offers its one place.
 */
export function chooseLabels(labels: Box[][], from?: number[]): number[] {
  const chosen = labels.map(() => -1);
  const box = (i: number): Box => labels[i][chosen[i]];
  const free = (i: number, b: Box) => chosen.every((c, j) => j === i || c < 0 || !boxesMeet(box(j), b));
  const first = (i: number) => Math.max(0, Math.min(labels[i].length - 1, from?.[i] ?? labels[i].length - 1));
  // Every label in its first fallback where that is free, then the rest in their later ones.
  labels.forEach((forms, i) => {
    if (forms.length > 0 && free(i, forms[first(i)])) chosen[i] = first(i);
  });
  labels.forEach((forms, i) => {
    if (chosen[i] >= 0) return;
    for (let f = first(i) + 1; f < forms.length; f++)
      if (free(i, forms[f])) {
        chosen[i] = f;
        return;
      }
  });
  labels.forEach((forms, i) => {
    if (chosen[i] < 0) return;
    for (let f = 0; f < chosen[i]; f++)
      if (free(i, forms[f])) {
        chosen[i] = f;
        return;
      }
  });
  return chosen;
}

/**
 * Where a unit's label may stand beside its base when its base has no room for it (a leader line
 * joins them): the label's offsets from the base's centre along one axis, nearest first, before
 * then after (above then below, or left then right), for a base reaching `halfDepth` either way
 * from its centre on the screen and a label `height` long on that axis, `gap` apart.
 */
export function besideOffsets(halfDepth: number, height: number, gap: number, rows = 2): number[] {
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    const d = halfDepth + gap + height / 2 + r * (height + gap);
    out.push(-d, d);
  }
  return out;
}

/** Whether a box holds a point (a label beside its base must not stand on another base's middle). */
export function boxHolds(b: Box, p: Pt): boolean {
  return b[0] <= p[0] && p[0] <= b[2] && b[1] <= p[1] && p[1] <= b[3];
}

/** What a stretch of play did to one unit: where its centre went, and what befell it. */
export interface TableChange {
  id: string;
  from: Pt | null; // its centre before (null: not on the table)
  to: Pt | null; // its centre now (null: removed or off the table)
  fromCorners: Pt[]; // its base before, drawn faintly where it stood (empty: it neither moved nor left)
  result: string; // what befell it, in words ('' when only moved)
}

/**
 * The other side's turn, shown: every unit that moved or turned between `before` and `after`
 * (a trail from where it stood to where it stands) and every unit that took hits, lost stands,
 * arrived or was removed (its result), in the state's order.
 */
export function turnChanges(before: TableState, after: TableState): TableChange[] {
  const out: TableChange[] = [];
  const was = new Map(before.units.map((u) => [u.id, u]));
  const on = (u: TableUnit) => u.onTable && !u.removed;
  for (const u of after.units) {
    const b = was.get(u.id);
    if (!b) continue;
    const bits: string[] = [];
    if (on(b) && !on(u)) bits.push('removed');
    else if (!on(b) && on(u)) bits.push('arrives');
    if (on(u) && b.hits !== null && u.hits !== null && u.hits !== b.hits) bits.push(`${u.hits > b.hits ? '+' : '−'}${Math.abs(u.hits - b.hits)} hit${Math.abs(u.hits - b.hits) === 1 ? '' : 's'}`);
    const alive = (x: TableUnit) => x.stands.filter((s) => s.alive).length;
    if (on(u) && alive(u) < alive(b)) bits.push(`−${alive(b) - alive(u)} stand${alive(b) - alive(u) === 1 ? '' : 's'}`);
    const moved = on(b) && on(u) && (Math.hypot(u.x - b.x, u.y - b.y) > 0.05 * after.upi || Math.abs(u.headingDeg - b.headingDeg) > 0.5);
    if (!moved && bits.length === 0) continue;
    out.push({ id: u.id, from: on(b) ? [b.x, b.y] : null, to: on(u) ? [u.x, u.y] : null, fromCorners: on(b) && (moved || !on(u)) ? b.corners : [], result: bits.join(', ') });
  }
  return out;
}

/** An attack or a shot of the other side's turn on the table: from its maker's centre to its target's. */
export interface TableAttack {
  from: string;
  to: string;
  a: Pt;
  b: Pt;
}

/**
 * Where to draw each attack: a unit's centre now, or where it stood before if it has left the
 * table (removed, or routed off); an attack whose unit was never on the table is left out.
 */
export function attackLines(attacks: { from: string; to: string }[], before: TableState, after: TableState): TableAttack[] {
  const on = (u: TableUnit) => u.onTable && !u.removed;
  const now = new Map(after.units.filter(on).map((u) => [u.id, [u.x, u.y] as Pt]));
  const then = new Map(before.units.filter(on).map((u) => [u.id, [u.x, u.y] as Pt]));
  const at = (id: string) => now.get(id) ?? then.get(id) ?? null;
  const out: TableAttack[] = [];
  for (const x of attacks) {
    const a = at(x.from);
    const b = at(x.to);
    if (a && b && (a[0] !== b[0] || a[1] !== b[1])) out.push({ ...x, a, b });
  }
  return out;
}
