import { describe, expect, it } from 'vitest';
import type { Action } from '../src/api';
import { BusyPoll, consolidateByHex, defaultOddsAction, groupActions, highlights, indexActions, needsPolling, resolveClick, roleOf } from '../src/shell/interaction';

const selectA: Action = { id: 10, name: 'move knights', kind: 'select-unit', unit: 'cav-a1' };
const selectL: Action = { id: 11, name: 'move Frederick', kind: 'select-leader', leader: 'frederick' };
const endMove: Action = { id: 2, name: 'end movement', kind: 'end-movement' };

describe('indexing the legal decisions by board object', () => {
  it('sorts decisions onto units, leaders and hexes', () => {
    const dest: Action = { id: 40, name: 'to 0807', kind: 'destination', hex: '0807', facing: 'S' };
    const idx = indexActions([selectA, selectL, endMove, dest]);
    expect(idx.byUnit.get('cav-a1')).toEqual([selectA]);
    expect(idx.byLeader.get('frederick')).toEqual([selectL]);
    expect(idx.byHex.get('0807')).toEqual([dest]);
    expect(idx.board.has(2)).toBe(false);
    expect(idx.board.has(40)).toBe(true);
  });
  it('does not put chit outcomes on the board', () => {
    const idx = indexActions([{ id: 1, name: 'chit', kind: 'chit', leader: 'guido' }]);
    expect(idx.byLeader.size).toBe(0);
  });
  it('copes with no legal list', () => {
    expect(indexActions(undefined).all).toEqual([]);
  });
});

describe('what a click means', () => {
  it('commits the only decision about a clicked unit', () => {
    const idx = indexActions([selectA, endMove]);
    expect(resolveClick(idx, { hex: '0806', unit: 'cav-a1' })).toEqual({ kind: 'commit', action: selectA });
  });
  it('prefers the place to the unit on it (stay in place)', () => {
    const stay: Action = { id: 50, name: 'stay in place', kind: 'destination', hex: '0806', facing: 'S' };
    const idx = indexActions([stay, { id: 60, name: 'attack', kind: 'target', unit: 'cav-a1' }]);
    expect(resolveClick(idx, { hex: '0806', unit: 'cav-a1' })).toEqual({ kind: 'commit', action: stay });
  });
  it('asks which facing when a hex can be entered several ways', () => {
    const a: Action = { id: 70, name: 'to 0807 facing S', kind: 'destination', hex: '0807', facing: 'S' };
    const b: Action = { id: 71, name: 'to 0807 facing SE', kind: 'destination', hex: '0807', facing: 'SE' };
    const out = resolveClick(indexActions([a, b]), { hex: '0807' });
    expect(out.kind).toBe('choose');
    if (out.kind === 'choose') expect(out.actions.map((x) => x.id)).toEqual([70, 71]);
  });
  it('a leader token clicked directly speaks for the leader', () => {
    const idx = indexActions([selectA, selectL]);
    expect(resolveClick(idx, { hex: '1006', unit: 'cav-a1', leader: 'frederick' }, true)).toEqual({ kind: 'commit', action: selectL });
    expect(resolveClick(idx, { hex: '1006', unit: 'cav-a1', leader: 'frederick' }, false)).toEqual({ kind: 'commit', action: selectA });
  });
  it('does nothing where no decision applies', () => {
    expect(resolveClick(indexActions([selectA]), { hex: '0101' })).toEqual({ kind: 'none' });
  });
  it('offers attack and charge with the same unit as a choice', () => {
    const idx = indexActions([
      { id: 80, name: 'attack with x', kind: 'add-attacker', unit: 'x' },
      { id: 81, name: 'charge with x', kind: 'add-charger', unit: 'x' },
    ]);
    expect(resolveClick(idx, { hex: '0505', unit: 'x' }).kind).toBe('choose');
  });
});

describe('highlights and buttons', () => {
  it('gives each object the roles of its decisions', () => {
    const idx = indexActions([
      { id: 1, name: 'attack e', kind: 'target', unit: 'e' },
      { id: 2, name: 'attack with u', kind: 'add-attacker', unit: 'u' },
      { id: 3, name: 'to 0101', kind: 'destination', hex: '0101' },
      selectL,
    ]);
    const h = highlights(idx);
    expect([...h.units.get('e')!]).toEqual(['target']);
    expect([...h.units.get('u')!]).toEqual(['attacker']);
    expect([...h.hexes.get('0101')!]).toEqual(['destination']);
    expect([...h.leaders.get('frederick')!]).toEqual(['select']);
  });
  it('names roles of unknown kinds by their fields', () => {
    expect(roleOf({ id: 1, name: 'x', kind: 'deploy', hex: '0101' })).toBe('destination');
    expect(roleOf({ id: 1, name: 'x', kind: 'rally', unit: 'u' })).toBe('pick');
  });
  it('groups buttons with the weightiest first', () => {
    const groups = groupActions([selectA, endMove, { id: 3, name: 'activate Guido', kind: 'activate' }, { id: 4, name: 'decline', kind: 'decline' }]);
    expect(groups.map((g) => g.title)).toEqual(['Activation', 'Phase', 'Move a unit']);
    expect(groups[0].actions.map((a) => a.id)).toEqual([3, 4]);
    expect(groupActions([{ id: 9, name: 'x', kind: 'odd-thing' }])[0].title).toBe('Odd thing');
  });
  it('shows the odds of the one decision that rolls at once unprompted', () => {
    const r: Action = { id: 5, name: 'resolve the combat', kind: 'resolve', odds: true, rolls: true };
    const add: Action = { id: 6, name: 'add attacker', kind: 'add-attacker', odds: true };
    expect(defaultOddsAction([selectA, add, r])).toBe(r);
    expect(defaultOddsAction([selectA, add])).toBeNull();
    // Two strikes on offer: the player points at one first.
    const s1: Action = { id: 7, name: 'r1 strikes b1', kind: 'melee', odds: true, rolls: true };
    const s2: Action = { id: 8, name: 'r1 strikes b2', kind: 'melee', odds: true, rolls: true };
    expect(defaultOddsAction([s1, s2])).toBeNull();
    expect(defaultOddsAction([s1])).toBe(s1);
  });
  it('polls while an agent thinks or the dice roll, not on a person', () => {
    expect(needsPolling({ terminal: false, waiting_for: 'agent', current_player: 'lombard' })).toBe(true);
    expect(needsPolling({ terminal: false, waiting_for: 'none', current_player: 'chance' })).toBe(true);
    expect(needsPolling({ terminal: false, waiting_for: 'human', current_player: 'imperial' })).toBe(false);
    expect(needsPolling({ terminal: true, waiting_for: 'agent', current_player: 'none' })).toBe(false);
  });
  it("polls at once after the person's decision, then backs off to 500 ms while the agent is still to move", () => {
    const p = new BusyPoll();
    expect(p.delay('sent')).toBe(0);
    expect([p.delay('still'), p.delay('still'), p.delay('still'), p.delay('still'), p.delay('still'), p.delay('still')]).toEqual([25, 50, 100, 200, 400, 500]);
    // The game moved on (the agent made a decision): soon again, and backing off anew.
    expect(p.delay('moved')).toBe(25);
    expect(p.delay('still')).toBe(50);
    // A new decision of the person: at once again.
    expect(p.delay('sent')).toBe(0);
    // Never beyond the longest delay, however long the agent thinks.
    for (let i = 0; i < 100; i++) p.delay('still');
    expect(p.delay('still')).toBe(500);
  });
  it('backs off from its step to its bound (custom step and bound)', () => {
    const p = new BusyPoll(100, 300);
    expect(p.delay('moved')).toBe(100);
    expect(p.delay('still')).toBe(200);
    expect(p.delay('still')).toBe(300);
    expect(p.delay('still')).toBe(300);
  });
});

describe('consolidating buttons by hex', () => {
  it('folds the facings of one destination into one button, keeps the rest', () => {
    const acts: Action[] = [
      { id: 1, name: 'end movement', kind: 'end-movement' },
      { id: 2, name: 'to 0101 facing N', kind: 'destination', hex: '0101', facing: 'N' },
      { id: 3, name: 'to 0101 facing S', kind: 'destination', hex: '0101', facing: 'S' },
      { id: 4, name: 'to 0102', kind: 'destination', hex: '0102', facing: 'N' },
      { id: 5, name: 'attack u', kind: 'target', unit: 'u' },
    ];
    const items = consolidateByHex(acts);
    expect(items.map((i) => (i.kind === 'hex' ? `hex ${i.hex} x${i.actions.length}` : `one ${i.action.id}`))).toEqual([
      'one 1',
      'hex 0101 x2',
      'one 4',
      'one 5',
    ]);
  });
});
