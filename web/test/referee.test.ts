import { describe, expect, it } from 'vitest';
import { Api, type RefereeReport, type RefereeTable } from '../src/api';
import { defaultAgent, playerLabel } from '../src/shell/lobby';
import { buildRequest, buildSituation, confidenceMark, fieldTitle, formWording, initialValues, oddsRows, parseDiceText, parseGridText, percentText, warningSummary } from '../src/shell/referee';
import { parseRoute, refereeHash } from '../src/shell/route';

// A table as GET /api/rulesets/alsh/tables describes it (trimmed from the artillery and attrition tables).
const artillery: RefereeTable = {
  name: 'artillery',
  title: 'Artillery Fire Table',
  summary: 'artillery fire',
  dice: 'd6',
  rolls: 'd6: the fire roll',
  fields: [
    { name: 'column', type: 'int', help: 'the column as printed on your chart', required: false, min: 1, max: 6 },
    { name: 'combat', type: 'enum', help: 'kind of combat', required: false, default: 'skirmish', values: ['skirmish', 'siege', 'major-battle'] },
    { name: 'siege-artillery', type: 'bool', help: 'the besieging Force has Siege Artillery', required: false, default: false },
    { name: 'second-activation-mp', type: 'number', help: 'MP expended', required: false, min: 0, max: 99, default: 0 },
    { name: 'area', type: 'list', help: 'the hex then its neighbours', required: false, values: ['clear', 'wood', 'pillaged'], min_items: 7, max_items: 7 },
  ],
};
const attrition: RefereeTable = {
  name: 'attrition',
  title: 'Attrition Table',
  summary: 'attrition',
  dice: 'd6',
  rolls: 'd6',
  fields: [{ name: 'sp', type: 'int', help: 'SP of the Force', required: true, min: 1, max: 999 }],
};
const adminPoints: RefereeTable = { name: 'admin-points', title: 'AP', summary: '', dice: '2d6', rolls: '2d6', fields: [] };
const terrain: RefereeTable = { name: 'terrain', title: 'Terrain', summary: '', dice: null, rolls: '', fields: [] };

function report(over: Partial<RefereeReport>): RefereeReport {
  return {
    ruleset: 'alsh',
    table: 'charge',
    title: 'Cavalry Charge Table',
    situation: {},
    mode: 'physical',
    dice: 'd6',
    rolls: [{ dice: 'd6', purpose: 'charge roll', value: 1 }],
    modifiers: [],
    total_modifier: 0,
    steps: [],
    resolved: true,
    result: { outcome: 'A1 *', effects: [], detail: {}, confidence: 'legible' },
    basis: [],
    warnings: [],
    odds: [
      { outcome: 'A1 *', probability: '1/6', percent: 16.6667, confidence: 'guessed', uncertain_probability: '1/6', rolls: '1' },
      { outcome: 'D1', probability: '1/2', percent: 50, confidence: 'legible', uncertain_probability: '0', rolls: '2-4' },
      { outcome: 'D2', probability: '1/3', percent: 33.3333, confidence: 'legible', uncertain_probability: '0', rolls: '5-6' },
    ],
    odds_total: '1',
    uncertain_probability: { fraction: '1/6', percent: 16.6667 },
    guessed_probability: { fraction: '1/6', percent: 16.6667 },
    ...over,
  };
}

describe('referee form', () => {
  it('starts from each field’s default, empty where there is none', () => {
    expect(initialValues(artillery)).toEqual({ column: '', combat: 'skirmish', 'siege-artillery': false, 'second-activation-mp': '0', area: '' });
  });
  it('builds the situation from the form, leaving empty fields to the server', () => {
    const { situation, errors } = buildSituation(artillery, { column: ' 5 ', combat: 'siege', 'siege-artillery': true, 'second-activation-mp': '2.5', area: 'clear, wood+pillaged,, clear' });
    expect(errors).toEqual([]);
    expect(situation).toEqual({ column: 5, combat: 'siege', 'siege-artillery': true, 'second-activation-mp': 2.5, area: ['clear', 'wood+pillaged', 'clear'] });
    expect(buildSituation(artillery, initialValues(artillery)).situation).toEqual({ combat: 'skirmish', 'second-activation-mp': 0 });
  });
  it('names a field that is not a number, out of range, or needed', () => {
    expect(buildSituation(artillery, { column: 'five' }).errors[0]).toMatch(/^Column must be a whole number/);
    expect(buildSituation(artillery, { column: '7' }).errors[0]).toBe('Column must be from 1 to 6 (got 7).');
    expect(buildSituation(artillery, { column: '1.5' }).errors[0]).toMatch(/whole number/);
    expect(buildSituation(attrition, { sp: '' }).errors[0]).toMatch(/^SP is needed/);
    expect(buildSituation(attrition, { sp: '4' }).errors).toEqual([]);
  });
  it('reads the dice a person rolled', () => {
    expect(parseDiceText('4', 'd6')).toEqual({ dice: [4] });
    expect(parseDiceText('4, 2 6', 'd6')).toEqual({ dice: [4, 2, 6] });
    expect(parseDiceText('3 4', '2d6')).toEqual({ dice: ['3 4'] });
    expect(parseDiceText('7', '2d6')).toEqual({ dice: [7] });
    expect(parseDiceText('3  4, 5 1', '2d6')).toEqual({ dice: ['3 4', '5 1'] });
    expect(parseDiceText('', 'd6').error).toMatch(/Enter the value/);
    expect(parseDiceText('four', 'd6').error).toMatch(/“four” is not a die value/);
    expect(parseDiceText('3', null).error).toMatch(/without dice/);
  });
  it('reads a user Assault grid, or says it is not JSON', () => {
    expect(parseGridText('')).toEqual({});
    expect(parseGridText('{"format": "x"}')).toEqual({ grid: { format: 'x' } });
    expect(parseGridText('{oops').error).toMatch(/^The Assault grid is not valid JSON/);
  });
  it('builds the request of each way to resolve', () => {
    const v = { ...initialValues(artillery), column: '5' };
    expect(buildRequest(artillery, v, 'odds', '', '').request).toEqual({ table: 'artillery', situation: { column: 5, combat: 'skirmish', 'second-activation-mp': 0 } });
    expect(buildRequest(artillery, v, 'roll', '', '').request?.roll).toBe(true);
    expect(buildRequest(artillery, v, 'dice', '2', '').request?.dice).toEqual([2]);
    expect(buildRequest(artillery, v, 'dice', 'x', '').errors[0]).toMatch(/not a die value/);
    expect(buildRequest(adminPoints, {}, 'dice', '3 4', '').request?.dice).toEqual(['3 4']);
    expect(buildRequest(terrain, {}, 'roll', '', '').request?.roll).toBeUndefined();
    expect(buildRequest(artillery, v, 'roll', '', '{"format": "g"}').request?.assault_table).toEqual({ format: 'g' });
    expect(buildRequest(artillery, v, 'roll', '', '{').request).toBeUndefined();
  });
});

describe('referee report', () => {
  it('draws every outcome as a bar scaled to the likeliest, marking the rolled one', () => {
    const rows = oddsRows(report({ result: { outcome: 'D1', effects: [], detail: {}, confidence: 'legible' } }));
    expect(rows.map((r) => r.width)).toEqual([33.3, 100, 66.7]);
    expect(rows.map((r) => r.current)).toEqual([false, true, false]);
    expect(rows[0].confidence).toBe('guessed');
    expect(rows[1].rolls).toBe('2-4');
    // Odds only: no outcome is marked.
    expect(oddsRows(report({ mode: 'odds', result: undefined })).some((r) => r.current)).toBe(false);
  });
  it('warns prominently when the result rests on a guessed cell', () => {
    const w = warningSummary(report({ result: { outcome: 'A1 *', effects: [], detail: {}, confidence: 'guessed' }, warnings: ['guessed: Cavalry Charge Table, row 1'] }));
    expect(w.level).toBe('danger');
    expect(w.headline).toMatch(/guessed reading/);
    expect(w.lines).toEqual(['guessed: Cavalry Charge Table, row 1']);
    expect(warningSummary(report({ result: { outcome: 'x', effects: [], detail: {}, confidence: 'reconstructed' } })).level).toBe('caution');
  });
  it('gives no warning for a legible result, but says how much of the odds is uncertain', () => {
    const legible = report({ result: { outcome: 'D1', effects: [], detail: {}, confidence: 'legible' }, uncertain_probability: { fraction: '0', percent: 0 }, guessed_probability: { fraction: '0', percent: 0 } });
    expect(warningSummary(legible).level).toBe('none');
    const oddsOnly = warningSummary(report({ mode: 'odds', result: undefined }));
    expect(oddsOnly.level).toBe('danger');
    expect(oddsOnly.headline).toBe('16.7% of the outcomes rest on uncertain cells (16.7% on guessed ones).');
  });
  it('says plainly when a table cannot be resolved', () => {
    const w = warningSummary(report({ resolved: false, unresolved_reason: 'The Assault Table grid is lost: supply it.', odds: [] }));
    expect(w.level).toBe('danger');
    expect(w.headline).toBe('Cannot resolve: The Assault Table grid is lost: supply it.');
  });
  it('words the server’s sentences for the form, not the command line', () => {
    expect(formWording('Give the SP with --sp, or the column with --column (one of the two).', artillery)).toBe('Give the SP with --sp, or the column with “Column” (one of the two).');
    expect(formWording('Table attrition needs --sp: SP of the Force.', attrition)).toBe('Table attrition needs “SP”: SP of the Force.');
    expect(formWording('Drop --die.', attrition)).toBe('Drop --die.');
  });
  it('titles fields with their abbreviations in capitals', () => {
    expect(fieldTitle('attacker-sp')).toBe('Attacker SP');
    expect(fieldTitle('second-activation-mp')).toBe('Second activation MP');
    expect(fieldTitle('weather')).toBe('Weather');
  });
  it('formats percentages and confidence marks', () => {
    expect(percentText(100)).toBe('100%');
    expect(percentText(16.6667)).toBe('16.7%');
    expect(percentText(0.4629)).toBe('0.46%');
    expect(percentText(0.0001)).toBe('<0.01%');
    expect(confidenceMark('legible')).toBe('');
    expect(confidenceMark('guessed')).toBe('?');
  });
});

describe('referee route and API', () => {
  it('routes #/referee and #/referee/TABLE', () => {
    expect(parseRoute('#/referee')).toEqual({ page: 'referee', table: null });
    expect(parseRoute('#/referee/')).toEqual({ page: 'referee', table: null });
    expect(parseRoute('#/referee/major-battle')).toEqual({ page: 'referee', table: 'major-battle' });
    expect(parseRoute(refereeHash('mb-crt'))).toEqual({ page: 'referee', table: 'mb-crt' });
    expect(parseRoute('#/refereeX').page).toBe('lobby');
  });
  it('posts the request and turns a refusal into its sentence', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const api = new Api('', async (url, init) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ error: "There is no alsh table 'x': the tables are terrain." }), { status: 404 });
    });
    await expect(api.resolve('alsh', { table: 'x', situation: {} })).rejects.toThrow("There is no alsh table 'x'");
    expect(calls[0]).toEqual({ url: '/api/rulesets/alsh/resolve', body: { table: 'x', situation: {} } });
  });
});

describe('lobby players', () => {
  it('offers the strongest agent kind the server lists first', () => {
    expect(defaultAgent(['human', 'heuristic', 'mcts', 'random'])).toBe('heuristic');
    expect(defaultAgent(['human', 'random'])).toBe('random');
    expect(defaultAgent(['human', 'alphabeta'])).toBe('alphabeta');
    // A ruleset's suggestion comes first when the server offers it, and is ignored otherwise.
    expect(defaultAgent(['human', 'heuristic', 'mcts', 'random'], 'mcts')).toBe('mcts');
    expect(defaultAgent(['human', 'heuristic', 'random'], 'mcts')).toBe('heuristic');
    expect(defaultAgent(['human', 'heuristic', 'random'], null)).toBe('heuristic');
    expect(playerLabel('human')).toBe('Human (you)');
    expect(playerLabel('mcts')).toBe('Computer: mcts');
  });
});
