import { describe, expect, it } from 'vitest';
import type { Action, Odds } from '../src/api';
import { groupByMover, pieceButtonLabel, pieceNamesOnly } from '../src/shell/interaction';
import { splitHeads } from '../src/shell/odds';
import { fieldText } from '../src/shell/replay';

// Issue 20: every decision readable at 1366 px (a piece named once above its decisions), the
// odds' results one line each (a column per piece), the replay's lists never blank.

const long = 'Rhineland men-at-arms #1 (Hc(i)) of Philip of Heinsberg, Archbishop of Cologne’s command';
const ahead: Action = { id: 10003, name: `group ahead 4/4: ${long}`, kind: 'move', mover: 'imp.1', mover_name: long, what: 'group ahead 4/4' };
const turn: Action = { id: 10010, name: `turn about: ${long}`, kind: 'turn', mover: 'imp.1', mover_name: long, what: 'turn about' };
const other: Action = { id: 10083, name: 'ahead 1/4: Swabian knights', kind: 'move', mover: 'imp.2', mover_name: 'Swabian knights', what: 'ahead 1/4' };
const end: Action = { id: 1, name: 'end moves', kind: 'end-movement' };

describe('decisions grouped by the piece they move', () => {
  it('puts each piece once, with its decisions in order, and leaves the rest as they are', () => {
    const { pieces, rest } = groupByMover([end, ahead, other, turn]);
    expect(rest).toEqual([end]);
    expect(pieces.map((p) => p.mover)).toEqual(['imp.1', 'imp.2']);
    expect(pieces[0].name).toBe(long);
    expect(pieces[0].actions).toEqual([ahead, turn]);
  });
  it('labels a button by what it does, the piece left out', () => {
    expect(pieceButtonLabel(ahead)).toBe('Group ahead 4/4');
    expect(pieceButtonLabel(turn)).toBe('Turn about');
  });
  it('does not group a decision that does not say what it does without its piece', () => {
    const bare: Action = { id: 5, name: 'move: x', kind: 'move', mover: 'x' };
    const { pieces, rest } = groupByMover([bare]);
    expect(pieces).toEqual([]);
    expect(rest).toEqual([bare]);
  });
  it('names a piece by its id when the ruleset gives no name', () => {
    const { pieces } = groupByMover([{ id: 7, name: 'hold: x', kind: 'hold', mover: 'x', what: 'hold' }]);
    expect(pieces[0].name).toBe('x');
  });
});

describe('odds results split by piece', () => {
  const results = [
    { result: 'A holds, B destroyed', parts: ['holds', 'destroyed'], probability: '21/36', p: 21 / 36 },
    { result: 'A pushed back, B holds', parts: ['pushed back', 'holds'], probability: '15/36', p: 15 / 36 },
  ];
  it('uses the heads when every result has a part for each', () => {
    expect(splitHeads({ result_heads: ['A', 'B'], results } as Odds)).toEqual(['A', 'B']);
  });
  it('does not when a result lacks its parts, or there are no heads', () => {
    expect(splitHeads({ result_heads: ['A', 'B'], results: [...results, { result: 'x', probability: '0', p: 0 }] } as Odds)).toBeNull();
    expect(splitHeads({ result_heads: ['A'], results } as Odds)).toBeNull();
    expect(splitHeads({ results } as Odds)).toBeNull();
  });
});

describe('the replay lists read the position’s own turn and phase', () => {
  it('writes numbers and words, and nothing for a missing field', () => {
    expect(fieldText(24)).toBe('24');
    expect(fieldText('over')).toBe('over');
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText('')).toBe('');
  });
});

describe('the same decision for many pieces', () => {
  const brk = (id: number, mover: string, name: string): Action => ({ id, name: `broken by its own side: ${name}`, kind: 'break-own', mover, mover_name: name });
  it('labels each button by its piece when every decision names one and says no move of its own', () => {
    const label = pieceNamesOnly([brk(1, 'a', 'Swabian knights'), brk(2, 'b', 'Rhineland knights')]);
    expect(label).not.toBeNull();
    expect(label!(brk(1, 'a', 'Swabian knights'))).toBe('Swabian knights');
  });
  it('keeps the decisions’ own names otherwise', () => {
    expect(pieceNamesOnly([brk(1, 'a', 'x'), { id: 2, name: 'end moves', kind: 'end-movement' }])).toBeNull();
    expect(pieceNamesOnly([ahead, other])).toBeNull(); // moves say what they do: grouped by piece instead
    expect(pieceNamesOnly([brk(1, 'a', 'x')])).toBeNull(); // one alone keeps its whole name
  });
});
