import { describe, expect, it } from 'vitest';
import { armyFile, GRADES, starterDraft, TYPES } from '../src/army/builder';
import { parseRoute } from '../src/shell/route';

describe('army builder', () => {
  it('writes the army-list file format', () => {
    const d = starterDraft();
    d.commands[1].groups[1].status = 'brittle';
    const f = armyFile(d) as { ruleset: string; commands: { cinc?: boolean; elements: Record<string, unknown>[] }[] };
    expect(f.ruleset).toBe('gwkho');
    expect(f.commands[0].cinc).toBe(true);
    expect(f.commands[1].cinc).toBeUndefined();
    expect(f.commands[0].elements[0]).toEqual({ name: 'Knights', type: 'Hc', grade: 'o', count: 12, general: true });
    expect(f.commands[1].elements[1]).toEqual({ name: 'Crossbowmen', type: 'Xb', grade: 'i', count: 6, status: 'brittle' });
  });
  it('offers the fifteen troop types and five grades', () => {
    expect(TYPES).toHaveLength(15);
    expect(GRADES).toEqual(['s', 'o', 'f', 'i', 'x']);
  });
  it('has its own route', () => {
    expect(parseRoute('#/army')).toEqual({ page: 'army' });
    expect(parseRoute('#/armyx').page).toBe('lobby');
  });
});
