import { describe, expect, it } from 'vitest';
import type { Action } from '../src/api';
import { badgeAt, readTableState, standKey, standOf, standPicks, standRole, standZoomStep, strikingStands, picksSignature } from '../src/boards/tablemodel';

// Two fastplay units as the state JSON gives them (cm sub-units, 100 to the cm): a line of three
// stands 4 cm wide facing north, and an enemy of two stands in front of it.
const square = (x: number, y: number): number[][] => [
  [x + 200, y + 100],
  [x - 200, y + 100],
  [x - 200, y - 100],
  [x + 200, y - 100],
];
const stand = (x: number, y: number, alive = true, type = 'heavy_infantry') => ({ type, x, y, corners: square(x, y), alive, turned: false });
const state = {
  ruleset: 'fastplay',
  units_per_inch: 254,
  table: { width: 12000, height: 8000 },
  units: [
    {
      id: 'foot',
      side: 'count',
      type: 'heavy_infantry',
      x: 2000,
      y: 1000,
      heading_arcsec: 90 * 3600,
      corners: [[2600, 1100], [1400, 1100], [1400, 900], [2600, 900]],
      stands: [stand(1600, 1000), stand(2000, 1000, false), stand(2400, 1000)],
      on_table: true,
      removed: false,
    },
    {
      id: 'riders',
      side: 'bishop',
      type: 'light_cavalry',
      x: 2000,
      y: 1200,
      heading_arcsec: 270 * 3600,
      corners: [[1600, 1100], [2400, 1100], [2400, 1300], [1600, 1300]],
      stands: [stand(1800, 1200, true, 'light_cavalry'), stand(2200, 1200, true, 'light_cavalry')],
      on_table: true,
      removed: false,
    },
  ],
};
const units = readTableState(state).units;

describe('stands of units made of stands', () => {
  it('reads each stand with its index, outline and whether it lives', () => {
    expect(units[0].stands.map((s) => [s.index, s.alive])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    expect(units[0].stands[2].corners).toEqual(square(2400, 1000));
    expect(units[1].stands[0].type).toBe('light_cavalry');
  });

  it('reads no stands for a unit that lists none (ohw)', () => {
    const st = readTableState({ units: [{ id: 'b1', side: 'blue', type: 'levies', x: 0, y: 0, corners: square(0, 0) }] });
    expect(st.units[0].stands).toEqual([]);
  });
});

describe('decisions that name a stand', () => {
  // fastplay PendingKind::kLoss: the owner picks the stand it loses (actions 35000 + j).
  const lose = (j: number, withCorners = true): Action => ({
    id: 35000 + j,
    name: `lose foot stand ${j + 1} (heavy_infantry)`,
    kind: 'lose-stand',
    unit: 'foot',
    stand: j,
    ...(withCorners ? { corners: square(1600 + 400 * j, 1000) } : {}),
  });
  // fastplay PendingKind::kStrike: the attacker picks the enemy stand struck (34000 + 8t + j).
  const strike = (j: number): Action => ({
    id: 34008 + j,
    name: `foot stand 3 strikes riders stand ${j + 1}`,
    kind: 'strike',
    by: 'foot',
    by_stand: 2,
    extra: false,
    unit: 'riders',
    stand: j,
    corners: square(1800 + 400 * j, 1200),
  });

  it('rings each stand a loss names, keyed by unit and stand, with the decision to take', () => {
    const picks = standPicks([lose(0), lose(2)], units);
    expect(picks.map((p) => p.key)).toEqual([standKey('foot', 0), standKey('foot', 2)]);
    expect(picks[1]).toMatchObject({ unit: 'foot', stand: 2, role: 'lose' });
    expect(picks[1].actions.map((a) => a.id)).toEqual([35002]);
    expect(picks[1].corners).toEqual(square(2400, 1000));
  });

  it('rings the enemy stands a strike names and outlines the stand that strikes', () => {
    const picks = standPicks([strike(0), strike(1)], units);
    expect(picks.map((p) => [p.unit, p.stand, p.role])).toEqual([
      ['riders', 0, 'strike'],
      ['riders', 1, 'strike'],
    ]);
    const by = strikingStands([strike(0), strike(1)], units);
    expect(by.map((s) => s.key)).toEqual([standKey('foot', 2)]);
    expect(by[0].corners).toEqual(square(2400, 1000));
    // A loss has no striking stand.
    expect(strikingStands([lose(0)], units)).toEqual([]);
  });

  it('takes the outline from the state when the decision gives none, and drops a stand with none at all', () => {
    const picks = standPicks([lose(2, false), { id: 35007, name: 'lose foot stand 8', kind: 'lose-stand', unit: 'foot', stand: 7 }], units);
    expect(picks.map((p) => p.key)).toEqual([standKey('foot', 2)]);
    expect(picks[0].corners).toEqual(square(2400, 1000));
  });

  it('gathers several decisions naming one stand into one pick (a choice), any other kind a plain pick', () => {
    const turn: Action = { id: 36000, name: 'turn foot stand 1 about', kind: 'supply-turn', unit: 'foot', stand: 0 };
    const replace: Action = { id: 36001, name: 'replace foot stand 1', kind: 'supply-replace', unit: 'foot', stand: 0 };
    const picks = standPicks([turn, replace], units);
    expect(picks.length).toBe(1);
    expect(picks[0].role).toBe('pick');
    expect(picks[0].actions.map((a) => a.id)).toEqual([36000, 36001]);
  });

  it('ignores decisions that name no stand: a unit alone, a stand without a unit, a bad index', () => {
    const acts: Action[] = [
      { id: 1, name: 'move foot', kind: 'select-unit', unit: 'foot' },
      { id: 2, name: 'a stand of nobody', kind: 'lose-stand', stand: 0 },
      { id: 3, name: 'half a stand', kind: 'lose-stand', unit: 'foot', stand: 0.5 },
      { id: 4, name: 'stand minus one', kind: 'lose-stand', unit: 'foot', stand: -1 },
      { id: 5, name: 'pass', kind: 'pass' },
    ];
    expect(acts.map(standOf)).toEqual([null, null, null, null, null]);
    expect(standPicks(acts, units)).toEqual([]);
    expect(standOf(lose(1))).toEqual({ unit: 'foot', stand: 1 });
  });

  it('names the ring by what the decision does', () => {
    expect(standRole('lose-stand')).toBe('lose');
    expect(standRole('strike')).toBe('strike');
    expect(standRole('supply-turn')).toBe('pick');
    expect(standRole(undefined)).toBe('pick');
  });
});

describe('zooming by itself on a decision about stands', () => {
  const at = (o: Partial<{ interactive: boolean; picks: number; changed: boolean; decisions: number; zoomedIn: boolean }>) => ({
    interactive: true,
    picks: 0,
    changed: false,
    decisions: 3,
    zoomedIn: false,
    ...o,
  });

  it('zooms on the stands when they are first to be picked and the whole table is shown', () => {
    expect(standZoomStep(false, at({ picks: 4, decisions: 4 }))).toBe('focus');
    // Not when the person zoomed in already, nor again while it is zoomed, nor on a view only.
    expect(standZoomStep(false, at({ picks: 4, zoomedIn: true }))).toBeNull();
    expect(standZoomStep(true, at({ picks: 2, zoomedIn: true }))).toBeNull();
    expect(standZoomStep(false, at({ picks: 4, interactive: false }))).toBeNull();
  });

  it('zooms again on new stands to pick while zoomed by itself (they may be elsewhere), never over a zoom by hand', () => {
    expect(standZoomStep(true, at({ picks: 3, changed: true, zoomedIn: true }))).toBe('focus');
    expect(standZoomStep(false, at({ picks: 3, changed: true, zoomedIn: true }))).toBeNull();
  });

  it('tells new stands to pick by their keys and outlines', () => {
    const p = (key: string, x: number) => ({ key, unit: 'u', stand: 0, corners: [[x, 0], [x, 1], [x + 1, 1], [x + 1, 0]] as [number, number][], role: 'lose' as const, actions: [] });
    expect(picksSignature([p('u#0', 0), p('u#1', 2)])).toBe(picksSignature([p('u#0', 0), p('u#1', 2)]));
    expect(picksSignature([p('u#1', 2)])).not.toBe(picksSignature([p('u#0', 0), p('u#1', 2)]));
    expect(picksSignature([p('u#0', 5)])).not.toBe(picksSignature([p('u#0', 0)]));
    expect(picksSignature([])).toBe('');
  });

  it('goes back to the whole table at the next decision naming no stand, not while waiting', () => {
    expect(standZoomStep(true, at({ picks: 0, decisions: 5, zoomedIn: true }))).toBe('fit');
    expect(standZoomStep(true, at({ interactive: false, decisions: 0 }))).toBeNull();
    expect(standZoomStep(true, at({ picks: 0, decisions: 0 }))).toBeNull();
    // It never fits a view the person zoomed by hand.
    expect(standZoomStep(false, at({ picks: 0, decisions: 5, zoomedIn: true }))).toBeNull();
  });
});

describe('stand number badges', () => {
  it('sit beyond the rear edge, on the line from the front through the rear', () => {
    // A stand facing up the screen (front at y 10, rear at y 30): the badge goes below it.
    expect(badgeAt([50, 10], [50, 30], 5)).toEqual([50, 35]);
    // Facing right (front at x 40, rear at x 20): the badge goes to the left.
    expect(badgeAt([40, 0], [20, 0], 3)).toEqual([17, 0]);
    // A degenerate stand keeps the badge on its rear point.
    expect(badgeAt([1, 1], [1, 1], 4)).toEqual([1, 1]);
  });
});
