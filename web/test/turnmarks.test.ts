import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/api';
import { attackHexes, readState, turnChanges as hexChanges } from '../src/boards/hexmodel';
import { attackLines, readTableState, turnChanges as tableChanges } from '../src/boards/tablemodel';
import { attacksOf } from '../src/shell/log';

// The other side's turn, shown (issue 20, point 5): what moved and what was hit, from two states.

const unit = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  id,
  side: 'red',
  type: 'levies',
  x,
  y,
  heading_arcsec: 90 * 3600,
  corners: [
    [x + 200, y + 100],
    [x - 200, y + 100],
    [x - 200, y - 100],
    [x + 200, y - 100],
  ],
  hits: 0,
  ...extra,
});

describe('table turn changes', () => {
  it('draws a trail for a unit that moved and tags hits, removals and arrivals', () => {
    const before = readTableState({ units_per_inch: 100, units: [unit('r1', 1000, 1000), unit('r2', 2000, 2000), unit('b1', 500, 500), unit('b2', 700, 700), unit('r3', 0, 0, { on_table: false })] });
    const after = readTableState({
      units_per_inch: 100,
      units: [unit('r1', 1000, 1300), unit('r2', 2000, 2000), unit('b1', 500, 500, { hits: 2 }), unit('b2', 700, 700, { removed: true }), unit('r3', 300, 300)],
    });
    const c = tableChanges(before, after);
    expect(c.map((x) => [x.id, x.from !== null && x.to !== null, x.result])).toEqual([
      ['r1', true, ''],
      ['b1', true, '+2 hits'],
      ['b2', false, 'removed'],
      ['r3', false, 'arrives'],
    ]);
    expect(c[0].fromCorners).toHaveLength(4);
    expect(c[1].fromCorners).toHaveLength(0); // hit but not moved: no trail base
  });

  it('finds nothing when nothing changed', () => {
    const s = readTableState({ units_per_inch: 100, units: [unit('r1', 1000, 1000)] });
    expect(tableChanges(s, s)).toEqual([]);
  });

  it('counts stands lost by a unit made of stands', () => {
    const stands = (alive: boolean[]) => alive.map((a) => ({ type: 'spear', x: 0, y: 0, corners: [], alive: a }));
    const before = readTableState({ units: [unit('u', 0, 0, { hits: undefined, stands: stands([true, true, true]) })] });
    const after = readTableState({ units: [unit('u', 0, 0, { hits: undefined, stands: stands([true, false, false]) })] });
    expect(tableChanges(before, after).map((x) => x.result)).toEqual(['−2 stands']);
  });
});

describe('hex turn changes', () => {
  const u = (id: string, hex: string | null, status = 'ordered') => ({ id, name: id, side: 'a', type: 'cavalry', rating: 'A', status, hex, value: null });
  it('draws a trail from hex to hex and tags status changes and eliminations', () => {
    const before = readState({ units: [u('m', '0501'), u('d', '0602'), u('e', '0703'), u('s', '0804')], leaders: [{ id: 'L', name: 'L', side: 'a', command: 3, hex: '0501' }] });
    const after = readState({
      units: [u('m', '0502'), u('d', '0602', 'disordered'), u('e', '0703', 'eliminated'), u('s', '0804')],
      leaders: [{ id: 'L', name: 'L', side: 'a', command: 3, hex: '0502' }],
    });
    expect(hexChanges(before, after)).toEqual([
      { id: 'm', leader: false, from: '0501', to: '0502', result: '' },
      { id: 'd', leader: false, from: '0602', to: '0602', result: 'disordered' },
      { id: 'e', leader: false, from: '0703', to: null, result: 'eliminated' },
      { id: 'L', leader: true, from: '0501', to: '0502', result: '' },
    ]);
  });
});

describe('the attacks of a turn', () => {
  const ev = (step: number, data: Record<string, unknown>): GameEvent => ({ index: step, kind: 'shoot', text: '', rule: '', data, step });
  it('reads every attacker-target pair the events name, each once', () => {
    const events = [ev(1, { attackers: ['b1'], targets: ['r1'] }), ev(2, { die: 4 }), ev(3, { attackers: ['b1'], targets: ['r1'] }), ev(4, { attackers: ['a', 'c'], targets: ['d'] })];
    expect(attacksOf(events)).toEqual([
      { from: 'b1', to: 'r1' },
      { from: 'a', to: 'd' },
      { from: 'c', to: 'd' },
    ]);
  });
  it('finds none in events that name no pieces, or name them badly', () => {
    expect(attacksOf([ev(1, {}), ev(2, { attackers: 'b1', targets: ['r1'] }), ev(3, { attackers: ['x'], targets: ['x'] })])).toEqual([]);
  });
  it('draws a table attack between the units’ centres, where the target stood if it has left the table', () => {
    const before = readTableState({ units_per_inch: 100, units: [unit('b1', 500, 500), unit('r1', 500, 900)] });
    const after = readTableState({ units_per_inch: 100, units: [unit('b1', 500, 600), unit('r1', 500, 900, { removed: true })] });
    expect(attackLines([{ from: 'b1', to: 'r1' }], before, after)).toEqual([{ from: 'b1', to: 'r1', a: [500, 600], b: [500, 900] }]);
    // Negative: a unit the states do not hold draws nothing.
    expect(attackLines([{ from: 'b1', to: 'zz' }], before, after)).toEqual([]);
  });
  it('draws a hex attack from hex to hex, where an eliminated unit stood', () => {
    const u = (id: string, hex: string | null, status = 'ordered') => ({ id, name: id, side: 'a', type: 'cavalry', rating: 'A', status, hex, value: null });
    const before = readState({ units: [u('a', '0501'), u('d', '0502')], leaders: [] });
    const after = readState({ units: [u('a', '0501'), u('d', null, 'eliminated')], leaders: [] });
    expect(attackHexes([{ from: 'a', to: 'd' }], before, after)).toEqual([{ from: 'a', to: 'd', fromHex: '0501', toHex: '0502' }]);
    expect(attackHexes([{ from: 'a', to: 'q' }], before, after)).toEqual([]);
  });
});
