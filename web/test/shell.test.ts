import { describe, expect, it } from 'vitest';
import { Api, ApiError, humanSide, isBusy } from '../src/api';
import { boardKind } from '../src/boards/index';
import { describeUnit, hasOption, piecesByHex, readScenario, readState } from '../src/boards/hexmodel';
import { eventDice, recordSideOf, sidesSummary, turnSummary } from '../src/shell/log';
import { optionsString } from '../src/shell/lobby';
import { favourable, pct, resultTone } from '../src/shell/odds';
import { gameHash, parseRoute } from '../src/shell/route';
import { lastDraw, phaseText, routFraction } from '../src/shell/status';
import { boardHint } from '../src/shell/game';
import { possessive } from '../src/shell/dom';

const scenario = {
  title: 'Legnano',
  map: { columns: 20, rows: 28, orientation: 'flat', shifted: 'even', terrain: { forest: ['0203', '0204'] }, labels: { '1826': 'Legnano' } },
  sides: [{ id: 'imperial', name: 'Imperial army' }, { id: 'lombard', name: 'Lombard League' }],
};

describe('hex model', () => {
  it('reads the map, terrain and place names', () => {
    const sc = readScenario(scenario);
    expect(sc.spec).toEqual({ columns: 20, rows: 28, orientation: 'flat', shifted: 'even' });
    expect(sc.terrain.get('0204')).toBe('forest');
    expect(sc.labels.get('1826')).toBe('Legnano');
    expect(sc.sides[1].id).toBe('lombard');
  });
  it('puts pieces on their hexes and leaves the eliminated and fallen off', () => {
    const st = readState({
      units: [
        { id: 'a', name: 'A', side: 'imperial', type: 'cavalry', rating: 'A', status: 'ordered', hex: '1006', value: null },
        { id: 'b', name: 'B', side: 'lombard', type: 'infantry', rating: 'B', status: 'eliminated', hex: null, value: null },
      ],
      leaders: [
        { id: 'f', name: 'F', side: 'imperial', command: 2, hex: '1006' },
        { id: 'g', name: 'G', side: 'lombard', command: 1, hex: null, fallen: true },
      ],
    });
    const m = piecesByHex(st);
    expect(m.size).toBe(1);
    expect(m.get('1006')!.unit!.id).toBe('a');
    expect(m.get('1006')!.leaders.map((l) => l.id)).toEqual(['f']);
  });
  it('knows whether an option is on', () => {
    expect(hasOption('facing,charge', 'facing')).toBe(true);
    expect(hasOption('vcf=every', 'vcf')).toBe(true);
    expect(hasOption('vcf=off', 'vcf')).toBe(false);
    expect(hasOption('', 'facing')).toBe(false);
    expect(hasOption('facings', 'facing')).toBe(false);
  });
  it('describes a unit in one line', () => {
    const t = describeUnit({ id: 'a', name: 'Knights', side: 'imperial', type: 'cavalry', rating: 'A', movement: 6, status: 'disordered', hex: '0101', value: 4, facing: 'S' }, []);
    expect(t).toContain('Knights: A cavalry');
    expect(t).toContain('combat chit 4');
    expect(t).toContain('facing S');
  });
  it('chooses the board by the kind of game', () => {
    expect(boardKind('bma', {})).toBe('hex');
    expect(boardKind('ohw', {})).toBe('table');
    expect(boardKind('newhex', { map: { columns: 3, rows: 3 } })).toBe('hex');
  });
});

describe('shell helpers', () => {
  it('builds the options text', () => {
    expect(optionsString({ facing: true, charge: false, command_radius: true }, { vcf: 'every' })).toBe('facing,command_radius,vcf=every');
    expect(optionsString({}, { vcf: '' })).toBe('');
  });
  it('routes', () => {
    expect(parseRoute('')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/game/g-12?as=imperial')).toEqual({ page: 'game', id: 'g-12', viewer: 'imperial' });
    expect(parseRoute(gameHash('g-1', null))).toEqual({ page: 'game', id: 'g-1', viewer: null });
  });
  it('finds the human side', () => {
    expect(humanSide({ imperial: 'human', lombard: 'random' })).toBe('imperial');
    expect(humanSide({ imperial: 'random', lombard: 'random' })).toBe('spectator');
  });
  it('is busy while an agent plays or dice roll', () => {
    expect(isBusy({ waiting_for: 'agent', current_player: 'lombard', terminal: false })).toBe(true);
    expect(isBusy({ waiting_for: 'human', current_player: 'imperial', terminal: false })).toBe(false);
  });
  it('reads the chit just drawn from the log', () => {
    const ev = (kind: string, data: Record<string, unknown>) => ({ index: 0, kind, text: '', rule: '', data, step: 0 });
    expect(lastDraw([ev('draw', { leader: 'guido' }), ev('move', {})])).toEqual({ leader: 'guido', setAside: false });
    expect(lastDraw([ev('draw', { leader: 'guido' }), ev('turn', { turn: 2 })])).toBeNull();
    expect(lastDraw([])).toBeNull();
  });
  it('measures the rout race', () => {
    expect(routFraction({ vp_lost: 13, rout_level: 52 })).toBeCloseTo(0.25);
    expect(routFraction({ vp_lost: 80, rout_level: 52 })).toBe(1);
    expect(routFraction({})).toBe(0);
    expect(phaseText('combat-build')).toContain('attackers');
    expect(phaseText('some-phase')).toBe('Some phase');
  });
  it('shows dice from event data', () => {
    expect(eventDice({ index: 0, kind: 'combat', text: '', rule: '', data: { die: 4, drm: 1 }, step: 0 })).toEqual([4]);
    expect(eventDice({ index: 0, kind: 'leader', text: '', rule: '', data: { roll: 12 }, step: 0 })).toEqual([12]);
  });
  it('reads the odds', () => {
    expect(resultTone('DE')).toBe('good');
    expect(resultTone('AR')).toBe('bad');
    expect(resultTone('NE')).toBe('even');
    expect(resultTone('called off (every attacker failed its check)')).toBe('bad');
    // A ruleset that says the tone is believed over the CRT letters.
    expect(resultTone('3 hits, 3 of 15', 'good')).toBe('good');
    expect(resultTone('a stand is lost', 'bad')).toBe('bad');
    expect(favourable({ results: [{ result: 'DR', probability: '1/3', p: 1 / 3 }, { result: 'AD', probability: '2/3', p: 2 / 3 }] })).toBeCloseTo(1 / 3);
    expect(pct(0.5)).toBe('50%');
    expect(pct(0.0277)).toBe('2.8%');
  });
  it('says what the board lets the player do', () => {
    expect(boardHint([{ id: 1, name: 'x', kind: 'target', unit: 'u' }])).toContain('attack');
    expect(boardHint([])).toBe('');
  });
});

describe('api client', () => {
  const fake = (status: number, body: unknown) => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  it('turns the server error sentence into an ApiError', async () => {
    const api = new Api('', fake(422, { error: 'That unit has already moved.' }));
    await expect(api.act('g', 1, 0)).rejects.toThrow('That unit has already moved.');
    await expect(api.act('g', 1, 0)).rejects.toBeInstanceOf(ApiError);
  });
  it('says so when the answer is not JSON', async () => {
    const api = new Api('', fake(500, '<html>'));
    await expect(api.games()).rejects.toThrow(/not JSON/);
  });
  it('sends the action with expect_history and the viewer', async () => {
    let seen: { url: string; body: string } | null = null;
    const api = new Api('', async (url, init) => {
      seen = { url, body: String(init?.body) };
      return new Response('{}', { status: 200 });
    });
    await api.act('g-1', 301, 123, 'imperial');
    expect(seen!.url).toBe('/api/games/g-1/actions?viewer=imperial');
    expect(JSON.parse(seen!.body)).toEqual({ action: 301, expect_history: 123 });
  });
  it('accepts a null odds body', async () => {
    const api = new Api('', fake(200, 'null'));
    expect(await api.odds('g', 5)).toBeNull();
  });
});

describe('the other side\'s turn in a line', () => {
  const ev = (kind: string) => ({ index: 0, kind, text: '', rule: '', data: {}, step: 0 });
  it('counts what happened by kind, leaving the dice out', () => {
    expect(turnSummary([ev('move'), ev('move'), ev('shoot'), ev('chance'), ev('remove')])).toBe('2 moves, 1 shot, 1 unit removed');
    expect(turnSummary([ev('chance')])).toBe('');
  });
  it('says the results in words: routs, eliminations, pieces destroyed', () => {
    expect(turnSummary([ev('combat'), ev('rout'), ev('destroyed'), ev('destroyed'), ev('eliminated')])).toBe('1 combat, 1 rout, 2 elements destroyed, 1 unit eliminated');
  });
  it('counts a game between agents side by side, by the side that took each decision', () => {
    const at = (kind: string, step: number) => ({ ...ev(kind), step });
    const events = [at('move', 0), at('move', 1), at('combat', 1), at('rout', 2), at('move', 3), at('chance', 4)];
    const sideOf = (step: number) => (step === 4 ? null : step % 2 === 0 ? 'lombard' : 'imperial');
    const name = (s: string) => (s === 'imperial' ? 'the Imperial army' : 'the Lombard League');
    expect(sidesSummary(events, sideOf, ['imperial', 'lombard'], name)).toBe('the Imperial army: 2 moves, 1 combat; the Lombard League: 1 move, 1 rout');
    // Never "the other side": a side with nothing to count is left out, chance steps too.
    expect(sidesSummary([at('move', 1), at('chance', 4)], sideOf, ['imperial', 'lombard'], name)).toBe('the Imperial army: 1 move');
    expect(sidesSummary([at('chance', 4)], sideOf, ['imperial', 'lombard'], name)).toBe('');
  });
});

describe('possessive', () => {
  it('says a side owns its turn: an apostrophe alone after a name ending in s', () => {
    expect(possessive('League')).toBe('League’s');
    expect(possessive('The mill’s garrison')).toBe('The mill’s garrison’s');
    // Negative: no "’s" after a final s.
    expect(possessive('The besiegers')).toBe('The besiegers’');
    expect(possessive('The besiegers')).not.toMatch(/s’s$/);
  });
});

describe('recordSideOf', () => {
  it('gives a chance step to the side whose decision it follows', () => {
    const actions = [[0, 7577, 'the Imperial knights #3 fight the League men-at-arms #2'], [-1, 102, 'd6 = 2'], [1, 1000, 'move the League men-at-arms #1'], [-1, 101, 'd6 = 1']];
    const sideOf = recordSideOf(actions, ['blue', 'red']);
    expect(sideOf(0)).toBe('blue');
    expect(sideOf(1)).toBe('blue'); // the fight's die: the side that fought
    expect(sideOf(2)).toBe('red');
    expect(sideOf(3)).toBe('red');
    // Negative: a chance step with no decision before it, or a player outside the order, is nobody's.
    expect(recordSideOf([[-1, 101, 'd6 = 1']], ['blue', 'red'])(0)).toBeNull();
    expect(recordSideOf([[5, 1, 'x']], ['blue', 'red'])(0)).toBeNull();
  });
});
