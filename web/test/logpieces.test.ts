// The log writes a piece by its short label on its side's colours (issue 20, point 3: an entry on
// two lines at 1366 px): the names the position gives, cut out of an entry's text.
import { describe, expect, it } from 'vitest';
import { logPieces, splitByPieces, type LogPiece } from '../src/shell/log';

const blue: [string, string] = ['#2f5fa8', '#f1f5ff'];
const red: [string, string] = ['#b3261b', '#fbf3df'];
const units = [
  { id: 'b-kn-1', name: 'the Blue knights #1', label: 'knights #1', side: 'blue' },
  { id: 'b-kn-10', name: 'the Blue knights #10', label: 'knights #10', side: 'blue' },
  { id: 'r-lev', name: 'the Red levies', label: 'levies', side: 'red' },
  { id: 'no-label', name: 'Milanese knights 2', side: 'red' },
];
const pieces = logPieces(units, (side) => (side === 'blue' ? blue : red));
const labels = (parts: (string | LogPiece)[]) => parts.map((p) => (typeof p === 'string' ? p : `[${p.label}]`)).join('');

describe('the pieces of the log', () => {
  it('takes the units the position labels, with their side colours', () => {
    expect(pieces.map((p) => p.id)).toEqual(['b-kn-1', 'b-kn-10', 'r-lev']);
    expect(pieces[2].colours).toEqual(red);
  });

  it('writes each name by its label, the longest name first', () => {
    expect(labels(splitByPieces('the Blue knights #10 charge the Red levies: d6 4', pieces))).toBe('[knights #10] charge [levies]: d6 4');
    expect(labels(splitByPieces('The Blue knights #1 move', pieces))).toBe('[knights #1] move');
  });

  it('leaves a text naming no labelled piece as it is', () => {
    expect(splitByPieces('Milanese knights 2 move from 0616 to 0617', pieces)).toEqual(['Milanese knights 2 move from 0616 to 0617']);
    expect(splitByPieces('the Blue knights #1 move', [])).toEqual(['the Blue knights #1 move']);
  });
});
