import { describe, expect, it } from 'vitest';
import type { RulesReference, TimelineMark } from '../src/api';
import { rollsOnAPick } from '../src/shell/decisions';
import { parseRoute } from '../src/shell/route';
import { bareCitationParts, citationParts, legendParts, rulesHash, RulesIndex, splitTerm } from '../src/shell/rules';
import { turnsOf, whereIn } from '../src/shell/replay';

// A reference as GET /api/rulesets/{id}/rules gives it (trimmed).
const ref: RulesReference = {
  ruleset: 'bma',
  title: 'Battles of the Middle Ages',
  sources: ['docs/clauses/bma.md', 'docs/rulings/bma.md'],
  sections: [
    {
      title: '4: movement',
      clauses: [
        { clause: '4.1', anchor: 'c-4.1', rule: 'Zones of control.', rulings: ['r-L-30'] },
        { clause: '5.1', anchor: 'c-5.1', rule: 'Combat.', rulings: [] },
        { clause: '5.3 R', anchor: 'c-5.3_R', rule: 'Routed.', rulings: [] },
        { clause: '6.4', anchor: 'c-6.4', rule: 'Leaving a zone.', rulings: [] },
        { clause: 'S2-WIN', anchor: 'c-S2-WIN', rule: 'Scenario 2 is won by…', rulings: [] },
      ],
    },
  ],
  rulings: [{ id: 'L-30', anchor: 'r-L-30', section: 'Movement', clauses: ['4.1'], ruling: 'Stop next to any enemy.' }],
  legend: [
    { term: 'AR', meaning: 'Attacker routed.', clause: '5.3 R' },
    { term: 'A, B, C', meaning: 'Ratings.' },
    { term: 'hits', meaning: 'Damage.' },
  ],
};

describe('rules reference', () => {
  const idx = new RulesIndex(ref);
  it('routes #/rules, #/rules/ID and #/rules/ID/ANCHOR', () => {
    expect(parseRoute('#/rules')).toEqual({ page: 'rules', ruleset: null, anchor: null });
    expect(parseRoute('#/rules/bma')).toEqual({ page: 'rules', ruleset: 'bma', anchor: null });
    expect(parseRoute(rulesHash('bma', 'c-5.3_R'))).toEqual({ page: 'rules', ruleset: 'bma', anchor: 'c-5.3_R' });
  });
  it('finds a cited clause exactly, or the nearest one above it, or a ruling', () => {
    expect(idx.find('4.1')?.anchor).toBe('c-4.1');
    expect(idx.find('5.1.4')?.anchor).toBe('c-5.1');
    expect(idx.find('5.3 r')?.anchor).toBe('c-5.3_R');
    expect(idx.find('L-30')?.anchor).toBe('r-L-30');
    expect(idx.find('scenario S2')?.anchor).toBe('c-S2-WIN');
    expect(idx.find('9.9')).toBeNull();
  });
  it('turns a citation into one link per clause it names', () => {
    const parts = citationParts('bma 4.1, 6.4', idx);
    expect(parts.map((p) => p.text).join('')).toBe('bma 4.1, 6.4');
    expect(parts.filter((p) => p.anchor).map((p) => [p.text, p.anchor])).toEqual([
      ['bma 4.1', 'c-4.1'],
      ['6.4', 'c-6.4'],
    ]);
    expect(citationParts('bma 9.9', idx)).toEqual([{ text: 'bma 9.9', anchor: null, title: '' }]);
    expect(citationParts('bma 4.1', null)[0].anchor).toBeNull();
  });
  it('explains the legend codes in a text, not ordinary words', () => {
    expect(splitTerm('A, B, C')).toEqual(['A', 'B', 'C']);
    const parts = legendParts('Combat AR: 3 hits, A unit routs (NEAR)', idx);
    expect(parts.filter((p) => typeof p !== 'string')).toEqual([{ term: 'AR', meaning: 'Attacker routed.' }]);
    expect(parts.map((p) => (typeof p === 'string' ? p : p.term)).join('')).toBe('Combat AR: 3 hits, A unit routs (NEAR)');
  });
});

describe('no hidden rolls', () => {
  it('holds a pick that rolls, not an attack that plainly does', () => {
    expect(rollsOnAPick({ id: 1, name: 'move X', kind: 'select-unit', rolls: true })).toBe(true);
    expect(rollsOnAPick({ id: 1, name: 'move X', kind: 'select-unit' })).toBe(false);
    expect(rollsOnAPick({ id: 2, name: 'resolve', kind: 'resolve', rolls: true })).toBe(false);
  });
});

describe('replay jumps', () => {
  const marks: TimelineMark[] = [
    { at: 0, turn: 1, phase: 'draw' },
    { at: 3, turn: 1, phase: 'move' },
    { at: 9, turn: 1, phase: 'draw' },
    { at: 12, turn: 2, phase: 'draw' },
    { at: 15, turn: 2, phase: 'rally' },
  ];
  it('lists each turn once with the first start of each of its phases', () => {
    const turns = turnsOf(marks);
    expect(turns).toEqual([
      { turn: '1', at: 0, phases: [{ phase: 'draw', at: 0 }, { phase: 'move', at: 3 }] },
      { turn: '2', at: 12, phases: [{ phase: 'draw', at: 12 }, { phase: 'rally', at: 15 }] },
    ]);
    expect(whereIn(turns, marks, 10)).toEqual({ turn: 0, phase: 0 });
    expect(whereIn(turns, marks, 5)).toEqual({ turn: 0, phase: 1 });
    expect(whereIn(turns, marks, 20)).toEqual({ turn: 1, phase: 1 });
  });
});

describe('a citation in the log', () => {
  const index = new RulesIndex(ref);
  it('leaves out the ruleset its game is played by, keeping every clause and its link', () => {
    const parts = bareCitationParts('bma 5.1, 6.4', index);
    expect(parts.map((p) => p.text).join('')).toBe('5.1, 6.4');
    expect(parts.filter((p) => p.anchor).map((p) => p.anchor)).toEqual(['c-5.1', 'c-6.4']);
  });
  it('keeps a citation of another source whole', () => {
    expect(bareCitationParts('ohw 1.0', index).map((p) => p.text).join('')).toBe('ohw 1.0');
  });
});
