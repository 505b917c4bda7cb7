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

  it('writes every form a unit lists in log_names by its label, the longest in the hover text', () => {
    const gw = logPieces(
      [
        { id: 'i.1', name: 'Milanese knights', label: 'Hc(i) #2', side: 'red', log_names: ['Milanese knights #2 (Hc(i)) of Guido da Landriano\'s command', 'Milanese knights #2 (Hc(i))', 'Milanese knights #2'] },
        { id: 'i.2', name: 'Milanese knights', label: 'Hc(i) #12', side: 'red', log_names: ['Milanese knights #12 (Hc(i))', 'Milanese knights #12'] },
      ],
      () => red,
    );
    expect(gw.map((p) => p.name)).toHaveLength(5);
    const parts = splitByPieces("group ahead 1/4: Milanese knights #2 (Hc(i)) of Guido da Landriano's command (1 PIP)", gw);
    expect(labels(parts)).toBe('group ahead 1/4: [Hc(i) #2] (1 PIP)');
    expect((parts[1] as LogPiece).title).toBe("Milanese knights #2 (Hc(i)) of Guido da Landriano's command");
    expect(labels(splitByPieces('Milanese knights #12 (Hc(i)) 7 (2) against x: Milanese knights #2 holds', gw))).toBe('[Hc(i) #12] 7 (2) against x: [Hc(i) #2] holds');
    // Negative: the group's name alone, listed in no log_names, is no piece.
    expect(labels(splitByPieces('the Milanese knights advance', gw))).toBe('the Milanese knights advance');
  });

  it('leaves a text naming no labelled piece as it is', () => {
    expect(splitByPieces('Milanese knights 2 move from 0616 to 0617', pieces)).toEqual(['Milanese knights 2 move from 0616 to 0617']);
    expect(splitByPieces('the Blue knights #1 move', [])).toEqual(['the Blue knights #1 move']);
  });
});
