// The hex-and-counter view model, kept free of the DOM: reads a scenario and a state of a
// hex-and-counter ruleset (bma's State::to_json) into what the board draws. Unit-tested.

import type { MapSpec } from './hexgeom';

export interface HexUnit {
  id: string;
  name: string;
  side: string;
  type: string; // cavalry | infantry | carroccio | ...
  rating: string;
  movement?: number;
  leader?: string;
  status: string; // ordered | disordered | routed | eliminated
  hex: string | null;
  value: number | null;
  facing?: string;
  moved?: boolean;
  attacked?: boolean;
  active?: boolean;
}

export interface HexLeader {
  id: string;
  name: string;
  side: string;
  command: number;
  supreme?: boolean;
  hex: string | null;
  chits_in_cup?: number;
  activated?: boolean;
  fallen?: boolean;
  replacement?: boolean;
}

export interface HexSide {
  id: string;
  name: string;
  vp_lost?: number;
  rout_level?: number;
  home_edge?: string;
}

export interface HexState {
  turn?: number;
  turns?: number;
  phase?: string;
  options?: string;
  units: HexUnit[];
  leaders: HexLeader[];
  sides: HexSide[];
  combat?: { attackers?: string[]; defenders?: string[] };
  selected?: string;
  active_leader?: string | null;
}

export interface HexScenario {
  spec: MapSpec;
  terrain: Map<string, string>; // hex -> terrain name (absent: clear)
  labels: Map<string, string>; // hex -> place name
  sides: { id: string; name: string }[];
  title: string;
}

export function readScenario(s: Record<string, unknown>): HexScenario {
  const map = (s.map ?? {}) as Record<string, unknown>;
  const spec: MapSpec = {
    columns: Number(map.columns ?? 10),
    rows: Number(map.rows ?? 10),
    orientation: map.orientation === 'pointy' ? 'pointy' : 'flat',
    shifted: map.shifted === 'odd' ? 'odd' : 'even',
  };
  const terrain = new Map<string, string>();
  const t = (map.terrain ?? {}) as Record<string, unknown>;
  for (const [name, hexes] of Object.entries(t)) {
    if (Array.isArray(hexes)) for (const h of hexes) if (typeof h === 'string') terrain.set(h, name);
  }
  const labels = new Map<string, string>();
  const l = (map.labels ?? {}) as Record<string, unknown>;
  for (const [h, name] of Object.entries(l)) if (typeof name === 'string') labels.set(h, name);
  const sides = Array.isArray(s.sides)
    ? (s.sides as Record<string, unknown>[]).map((x) => ({ id: String(x.id), name: String(x.name ?? x.id) }))
    : [];
  return { spec, terrain, labels, sides, title: String(s.title ?? '') };
}

/** A state JSON read defensively: missing lists become empty. */
export function readState(state: Record<string, unknown>): HexState {
  return {
    ...(state as object),
    units: Array.isArray(state.units) ? (state.units as HexUnit[]) : [],
    leaders: Array.isArray(state.leaders) ? (state.leaders as HexLeader[]) : [],
    sides: Array.isArray(state.sides) ? (state.sides as HexSide[]) : [],
  } as HexState;
}

export interface HexContents {
  unit: HexUnit | null;
  leaders: HexLeader[];
}

/** What stands on each hex: at most one unit (bma stacks none) and any leaders. */
export function piecesByHex(st: HexState): Map<string, HexContents> {
  const m = new Map<string, HexContents>();
  const get = (h: string) => {
    let c = m.get(h);
    if (!c) {
      c = { unit: null, leaders: [] };
      m.set(h, c);
    }
    return c;
  };
  for (const u of st.units) if (u.hex && u.status !== 'eliminated') get(u.hex).unit = u;
  for (const l of st.leaders) if (l.hex && !l.fallen) get(l.hex).leaders.push(l);
  return m;
}

export function hasOption(options: string | undefined, name: string): boolean {
  if (!options) return false;
  return options
    .split(',')
    .map((o) => o.trim())
    .some((o) => o === name || (o.startsWith(name + '=') && o !== name + '=false' && o !== name + '=off'));
}

/** Index of a side in the scenario (0 or 1 for bma), used to pick its colours. */
export function sideIndex(sc: HexScenario, side: string): number {
  const i = sc.sides.findIndex((s) => s.id === side);
  return i < 0 ? 0 : i;
}

/** One line describing a unit, for the inspector. */
export function describeUnit(u: HexUnit, leaders: HexLeader[]): string {
  const lead = leaders.find((l) => l.id === u.leader);
  const bits = [
    `${u.name}: ${u.rating} ${u.type}`,
    u.movement !== undefined ? `MP ${u.movement}` : '',
    u.status,
    u.facing && u.type !== 'carroccio' ? `facing ${u.facing}` : '',
    u.value !== null && u.value !== undefined ? `combat chit ${u.value}` : '',
    lead ? `under ${lead.name}` : '',
    u.hex ? `at ${u.hex}` : '',
    u.moved ? 'moved' : '',
    u.attacked ? 'attacked' : '',
  ];
  return bits.filter((b) => b.length > 0).join(' · ');
}

export function describeLeader(l: HexLeader): string {
  const bits = [
    `${l.name}${l.supreme ? ' (supreme commander)' : ''}`,
    `command ${l.command}`,
    l.chits_in_cup !== undefined ? `${l.chits_in_cup} chit${l.chits_in_cup === 1 ? '' : 's'} in the cup` : '',
    l.activated ? 'has acted this turn' : '',
    l.hex ? `at ${l.hex}` : '',
  ];
  return bits.filter((b) => b.length > 0).join(' · ');
}

/** What a stretch of play did to one unit or leader: where it went, and what befell it. */
export interface HexChange {
  id: string;
  leader: boolean;
  from: string | null; // the hex it stood on before (null: not on the map)
  to: string | null; // the hex it stands on now (null: gone)
  result: string; // what befell it, in words ('' when only moved)
}

/**
 * The other side's turn, shown: every piece that moved between `before` and `after` (a trail from
 * hex to hex) and every unit whose status or chit changed (its result), in the state's order.
 */
export function turnChanges(before: HexState, after: HexState): HexChange[] {
  const out: HexChange[] = [];
  const was = new Map(before.units.map((u) => [u.id, u]));
  for (const u of after.units) {
    const b = was.get(u.id);
    if (!b) continue;
    const gone = u.status === 'eliminated' && b.status !== 'eliminated';
    const result = gone ? 'eliminated' : u.status !== b.status ? u.status : '';
    const moved = !!b.hex && !!u.hex && b.hex !== u.hex && !gone;
    if (moved || result) out.push({ id: u.id, leader: false, from: b.hex, to: gone ? null : u.hex, result });
  }
  const led = new Map(before.leaders.map((l) => [l.id, l]));
  for (const l of after.leaders) {
    const b = led.get(l.id);
    if (!b) continue;
    const fell = !!l.fallen && !b.fallen;
    if ((b.hex && l.hex && b.hex !== l.hex) || fell) out.push({ id: l.id, leader: true, from: b.hex, to: fell ? null : l.hex, result: fell ? 'fallen' : '' });
  }
  return out;
}

/** An attack of the other side's turn on the map: from the attacker's hex to its target's. */
export interface HexAttack {
  from: string; // the attacking unit
  to: string; // the unit attacked
  fromHex: string;
  toHex: string;
}

/**
 * Where to draw each attack: a unit's hex now, or where it stood before if it is off the map
 * now (eliminated); an attack whose unit stood on no hex at either time is left out.
 */
export function attackHexes(attacks: { from: string; to: string }[], before: HexState, after: HexState): HexAttack[] {
  const now = new Map(after.units.map((u) => [u.id, u.hex]));
  const then = new Map(before.units.map((u) => [u.id, u.hex]));
  const hexOf = (id: string) => now.get(id) || then.get(id) || null;
  const out: HexAttack[] = [];
  for (const a of attacks) {
    const fromHex = hexOf(a.from);
    const toHex = hexOf(a.to);
    if (fromHex && toHex && fromHex !== toHex) out.push({ ...a, fromHex, toHex });
  }
  return out;
}
