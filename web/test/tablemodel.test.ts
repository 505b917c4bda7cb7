import { describe, expect, it } from 'vitest';
import type { Action, Placement } from '../src/api';
import { boardKind } from '../src/boards/index';
import { angleDiff, besideOffsets, boxHolds, chooseLabels, describeTableUnit, typeLabel, unitClasses, unitNumber, unitTag, frontArc, frontCentre, ghostsOf, placementAction, pushedGhosts, pointInPolygon, reachAt, readTableState, snapToGhost, type Box } from '../src/boards/tablemodel';

// A levy 4" x 2" at (18, 10) facing north (90 degrees), in 1/100 inch.
const levy = {
  id: 'b1',
  side: 'blue',
  type: 'levies',
  x: 1800,
  y: 1000,
  heading_arcsec: 90 * 3600,
  corners: [
    [2000, 1100],
    [1600, 1100],
    [1600, 900],
    [2000, 900],
  ],
  hits: 3,
  on_table: true,
  removed: false,
};

const state = {
  ruleset: 'ohw',
  units_per_inch: 100,
  table: { width: 3600, height: 2400 },
  terrain: [{ id: 'wood', type: 'woods', polygon: [[200, 1400], [1000, 1400], [1000, 2200], [200, 2200]] }],
  roads: [{ id: 'road', line: [[1800, 3600], [1800, 1100]] }],
  units: [levy, { ...levy, id: 'r1', side: 'red', on_table: false }],
  selected: 'b1',
  phase: 'move',
};

function placement(reach: [number, number][]): Placement {
  return {
    unit: 'b1',
    action_base: 100000,
    directions: 360,
    distance_step: 25,
    distances: 64,
    heading_step_deg: 5,
    headings: 72,
    x: 1800,
    y: 1000,
    heading_arcsec: 90 * 3600,
    allowance: 600,
    road_allowance: 900,
    reach_step_deg: 90,
    reach,
  };
}

describe('table model', () => {
  it('reads the table-view state: sizes, terrain, roads, units in sub-units', () => {
    const st = readTableState(state);
    expect(st.width).toBe(3600);
    expect(st.height).toBe(2400);
    expect(st.terrain[0].type).toBe('woods');
    // With no name of its own, a piece is written by its id.
    expect(st.terrain[0].name).toBe('wood');
    expect(readTableState({ ...state, terrain: [{ ...state.terrain[0], name: 'Borsano Wood' }] }).terrain[0].name).toBe('Borsano Wood');
    expect(st.roads[0].line[1]).toEqual([1800, 1100]);
    expect(st.units[0].headingDeg).toBe(90);
    expect(st.units[0].hits).toBe(3);
    expect(st.units[1].onTable).toBe(false);
    expect(st.selected).toBe('b1');
    expect(st.lines).toEqual([]);
  });

  it('names units by the names the position gives them, never their ids (issue 20)', () => {
    const named = readTableState({ ...state, units: [{ ...levy, name: 'the Blue levies #2' }, { ...levy, id: 'r1', side: 'red', name: 'Rhineland knights', type: 'Hc(o)' }] });
    expect(named.units[0].name).toBe('the Blue levies #2');
    // The hover text: the name, with the type and side only where the name does not say them.
    const side = (s: string) => (s === 'blue' ? 'Blue' : 'Imperial');
    expect(describeTableUnit(named.units[0], side, 100)).toBe('The Blue levies #2, 3 hits; at (18.0", 10.0") facing 90°');
    expect(describeTableUnit(named.units[1], side, 100)).toMatch(/^Rhineland knights \(Hc\(o\), Imperial\), 3 hits;/);
    // Under the type on the base: the unit's number from its name, or nothing.
    expect(unitNumber(named.units[0])).toBe('#2');
    expect(unitNumber(named.units[1])).toBe('');
    // A name without a number (a gwkho group's): the number of the label the position gives it.
    const labelled = readTableState({ ...state, units: [{ ...levy, name: 'Rhineland knights', label: 'Hc(o) #3', type: 'Hc(o)' }] });
    expect(labelled.units[0].label).toBe('Hc(o) #3');
    expect(unitNumber(labelled.units[0])).toBe('#3');
    // A position without names (an old record's view): the id, as before.
    expect(readTableState(state).units[0].name).toBe('b1');
    expect(describeTableUnit(readTableState(state).units[0], side, 100)).not.toMatch(/^The/);
  });

  it('draws an uncrewed piece apart from the view\'s flag alone, and says who works it', () => {
    const gun = { ...levy, id: 'g1', name: 'the Spanish guns', type: 'Art(o)', hits: undefined, uncrewed: true };
    const foe = { ...levy, id: 'r1', side: 'red', name: 'the French gendarmes', type: 'Kn(o)', hits: undefined };
    const side = (s: string) => (s === 'blue' ? 'Spanish' : 'French');
    const idle = readTableState({ ...state, units: [gun, foe] });
    expect(idle.units[0].uncrewed).toBe(true);
    expect(idle.units[0].workedBy).toBe('');
    expect(unitTag(idle.units[0])).toBe('uncrewed');
    expect(unitClasses(idle.units[0], [], false).split(' ')).toContain('uncrewed');
    expect(describeTableUnit(idle.units[0], side, 100)).toBe('The Spanish guns (Art(o)), uncrewed; at (18.0", 10.0") facing 90°');
    // Worked by the enemy this bound: the view gives the worker's id, the board writes its name.
    const worked = readTableState({ ...state, units: [{ ...gun, worked_by: 'r1' }, foe] });
    expect(worked.units[0].workedBy).toBe('the French gendarmes');
    expect(unitTag(worked.units[0])).toBe('worked');
    expect(unitClasses(worked.units[0], ['target'], false).split(' ')).toEqual(expect.arrayContaining(['uncrewed', 'worked', 'hl-target']));
    expect(describeTableUnit(worked.units[0], side, 100)).toMatch(/, uncrewed \(worked by the French gendarmes\); at/);
    // Negative: a crewed gun and any other unit are drawn and described as before.
    const crewed = readTableState({ ...state, units: [{ ...gun, uncrewed: false }, foe] });
    expect(crewed.units[0].uncrewed).toBe(false);
    expect(unitTag(crewed.units[0])).toBe('');
    expect(unitClasses(crewed.units[0], [], false)).toBe('tunit type-Art(o)');
    expect(describeTableUnit(crewed.units[0], side, 100)).not.toMatch(/uncrewed|worked/);
    expect(unitTag(readTableState(state).units[0])).toBe('');
  });

  it('reads linear features: type, the side held, the line', () => {
    const st = readTableState({
      ...state,
      lines: [{ id: 'works', type: 'field_works', defended: 'left', going: 'bad', line: [[100, 900], [2000, 900]] }, { id: 'h', line: [[0, 0], [10, 10]] }],
    });
    expect(st.lines[0]).toEqual({ id: 'works', type: 'field_works', defended: 'left', line: [[100, 900], [2000, 900]] });
    expect(st.lines[1].type).toBe('line');
    expect(st.lines[1].defended).toBe('');
  });

  it('plays ohw and fastplay on the table board', () => {
    expect(boardKind('ohw', {})).toBe('table');
    expect(boardKind('fastplay', {})).toBe('table');
    expect(boardKind('bma', {})).toBe('hex');
  });

  it('draws the front arc off the front corners at 45 degrees outwards (ohw 0.5)', () => {
    const u = readTableState(state).units[0];
    expect(frontCentre(u)).toEqual([1800, 1100]);
    const arc = frontArc(u, 1200);
    expect(arc[0]).toEqual([2000, 1100]);
    expect(arc[1][0]).toBeCloseTo(3200);
    expect(arc[1][1]).toBeCloseTo(2300);
    expect(arc[2][0]).toBeCloseTo(400);
    // Ahead of the front is inside; beside the base is not.
    expect(pointInPolygon([1800, 1500], arc)).toBe(true);
    expect(pointInPolygon([2600, 1000], arc)).toBe(false);
  });

  it('snaps a drop to the nearest ghost within the radius, preferring the same facing', () => {
    const mk = (id: number, x: number, y: number, h: number, kind = 'move'): Action => ({
      id,
      name: `g${id}`,
      kind,
      x,
      y,
      heading_arcsec: h * 3600,
      corners: [[0, 0], [1, 0], [1, 1], [0, 1]],
    });
    const gs = ghostsOf([mk(1, 1800, 1600, 90), mk(2, 1800, 1600, 45), mk(3, 2400, 1000, 90), mk(4, 1800, 1000, 90, 'hold'), { id: 5, name: 'no base' }]);
    expect(gs.length).toBe(4);
    expect(snapToGhost(gs, [1820, 1580], 100, 90)?.action.id).toBe(1);
    expect(snapToGhost(gs, [1820, 1580], 100, 45)?.action.id).toBe(2);
    expect(snapToGhost(gs, [2100, 1300], 100, 90)).toBeNull(); // too far from any
    expect(snapToGhost(gs, [1800, 1010], 100, 90)).toBeNull(); // hold is clicked on the unit
  });

  it('gives the ghost and trail of each piece a move pushes back, and none for a move that pushes none', () => {
    const units = readTableState(state).units; // b1 stands at (1800, 1000)
    const box = [[0, 0], [1, 0], [1, 1], [0, 1]];
    const push: Action = {
      id: 7,
      name: 'advance',
      kind: 'move',
      x: 1800,
      y: 1300,
      corners: box,
      pushed: [
        { id: 'b1', name: 'the Blue light horse', corners: box, x: 1800, y: 1500, heading_arcsec: 90 * 3600 },
        { id: 'gone', corners: box, x: 10, y: 20 },
        { id: 'broken', corners: [[0, 0]], x: 1, y: 1 },
      ],
    };
    const gs = pushedGhosts(push, units);
    expect(gs.length).toBe(2); // the entry without four corners is left out
    expect(gs[0]).toEqual({ id: 'b1', name: 'the Blue light horse', corners: box, to: [1800, 1500], from: [1800, 1000] });
    // A piece the position does not have on the table: its ghost, with no trail, by its id.
    expect(gs[1]).toEqual({ id: 'gone', name: 'gone', corners: box, to: [10, 20], from: null });
    expect(pushedGhosts({ id: 8, name: 'advance', kind: 'move', x: 1800, y: 1300, corners: box }, units)).toEqual([]);
    expect(pushedGhosts({ id: 9, name: 'odd', pushed: 'nothing' }, units)).toEqual([]);
  });

  it('encodes a free placement as direction, quarter-inches and heading, inside the reach', () => {
    const pl = placement([
      [2400, 1000],
      [1800, 1600],
      [1500, 1000],
      [1800, 1000],
    ]);
    // 4.25" north, keeping the heading: (90 * 64 + 17) * 72 + 18.
    const a = placementAction(pl, [1800, 1425], 90);
    expect(a).toEqual({ id: 100000 + (90 * 64 + 17) * 72 + 18, direction: 90, distance: 17, heading: 18 });
    // West the reach is 3": a drop beyond it is pulled back to 3".
    expect(placementAction(pl, [1000, 1000], 90)?.distance).toBe(12);
    // A drop on the spot with the same facing is no move; with another facing it is a turn.
    expect(placementAction(pl, [1805, 1000], 90)).toBeNull();
    expect(placementAction(pl, [1805, 1000], 180)).toEqual({ id: 100000 + 36, direction: 0, distance: 0, heading: 36 });
    expect(reachAt(pl, 90)).toBeCloseTo(600);
    expect(reachAt(pl, 135)).toBeCloseTo(300); // between two samples: the nearer reach
    expect(angleDiff(350, 10)).toBeCloseTo(20);
    // Unclamped (a ruleset with no pick step lets the server say why): the whole 8" west.
    expect(placementAction(pl, [1000, 1000], 90, false)?.distance).toBe(32);
  });

  it('abbreviates a type for a label: a known short form, a graded troop type without its grade', () => {
    expect(typeLabel('men_at_arms', true)).toBe('MaA');
    expect(typeLabel('Hc(o)', true)).toBe('Hc');
    expect(typeLabel('L.Art(s)', true)).toBe('L.Art');
    expect(typeLabel('Hc(o)')).toBe('Hc(o)');
  });

  it('shows each label long, else short, else not at all, never two overlapping', () => {
    const at = (x: number, w: number): Box => [x - w / 2, 0, x + w / 2, 10];
    // Three labels close together: long forms 50 wide, short ones 20 wide.
    const labels = [0, 40, 50].map((x) => [at(x, 50), at(x, 20)]);
    expect(chooseLabels(labels)).toEqual([0, 1, -1]);
    // Every label that can be is shown short first, then lengthened where there is room: the
    // one between two others is not crowded out by the long form of one given before it.
    expect(chooseLabels([[at(0, 80), at(0, 20)], [at(150, 80), at(150, 20)], [at(50, 60), at(50, 24)]])).toEqual([1, 0, 0]);
    // Far apart, every label keeps its long form.
    expect(chooseLabels([0, 100, 200].map((x) => [at(x, 50), at(x, 20)]))).toEqual([0, 0, 0]);
  });

  it('sets a label with no room on its base beside it, and every label on its base first', () => {
    const at = (x: number, y: number, w: number): Box => [x - w / 2, y - 5, x + w / 2, y + 5];
    // Each unit offers its long text, its short text on its base, then above (y -12) and below.
    const unit = (x: number) => [at(x, 0, 50), at(x, 0, 20), at(x, -12, 20), at(x, 12, 20)];
    // Four units 15 apart: the short texts meet, so every other one goes above (the first
    // fallback free), none is left out, none keeps its long form.
    expect(chooseLabels([0, 15, 30, 45].map(unit), [1, 1, 1, 1])).toEqual([1, 2, 1, 2]);
    // 22 apart: every short text fits on its base before any is set beside it.
    expect(chooseLabels([0, 22, 44].map(unit), [1, 1, 1])).toEqual([1, 1, 1]);
    // Without fallbacks beside the base (the default: the last form only), the crowded are left out.
    expect(chooseLabels([0, 15, 30].map((x) => [at(x, 0, 50), at(x, 0, 20)]))).toEqual([1, -1, 1]);
  });

  it('offers places beside a base, nearest first, above then below, clear of it', () => {
    expect(besideOffsets(10, 8, 2)).toEqual([-16, 16, -26, 26]);
    expect(besideOffsets(10, 8, 2, 1)).toEqual([-16, 16]);
    expect(boxHolds([0, 0, 10, 10], [5, 5])).toBe(true);
    expect(boxHolds([0, 0, 10, 10], [11, 5])).toBe(false);
  });
});
