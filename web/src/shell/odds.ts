// The odds panel: the exact odds of a decision before it is committed (GET .../odds?action=ID):
// every result with its probability as a fraction, what it does to the victory-point race,
// each leader's risk, the checks that may call the attack off, and every modifier with its
// clause. The layout follows the fields present, so other rulesets' odds show too.

import type { Action, Odds } from '../api';
import { h, replace, titleCase } from './dom';
import { citation, withLegend, type RulesIndex } from './rules';

/** Results grouped as good, bad or neutral for the side that attacks (CRT codes A*, D*). */
export function resultTone(result: string, tone?: 'good' | 'bad' | 'even'): 'good' | 'bad' | 'even' {
  if (tone) return tone;
  const r = result.trim().toUpperCase();
  if (r.startsWith('D') || r.includes('DESTROYED') || r.includes('ELIMINATED WITHOUT')) return 'good';
  if (r.startsWith('A') || r.includes('CALLED OFF')) return 'bad';
  return 'even';
}

/** Sum of the probabilities of results good for the attacker. */
export function favourable(odds: Odds): number {
  return (odds.results ?? []).filter((r) => resultTone(r.result, r.tone) === 'good').reduce((s, r) => s + r.p, 0);
}

/** The pieces a result is split by (`result_heads`), when every result gives one part for each. */
export function splitHeads(odds: Odds): string[] | null {
  const heads = odds.result_heads;
  if (!Array.isArray(heads) || heads.length === 0) return null;
  const results = odds.results ?? [];
  return results.length > 0 && results.every((r) => Array.isArray(r.parts) && r.parts.length === heads.length) ? heads : null;
}

export function pct(p: number): string {
  if (p > 0 && p < 0.001) return '<0.1%';
  return `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;
}

const EXACT = 'Exact: every chit value, check and die face enumerated.';

export class OddsPanel {
  readonly el: HTMLElement;
  private body: HTMLElement;
  private title: HTMLElement;
  /** The ruleset's rules reference: citations become links, result codes get their legend. */
  rules: RulesIndex | null = null;

  constructor() {
    this.title = h('h3', {}, 'Odds');
    this.body = h('div', { class: 'odds-body', 'data-testid': 'odds' });
    this.el = h('section', { class: 'panel odds' }, this.title, this.body);
  }

  hint(text: string): void {
    this.title.textContent = 'Odds';
    this.title.title = '';
    replace(this.body, h('p', { class: 'muted small' }, text));
    this.el.classList.add('idle');
  }

  loading(a: Action): void {
    replace(this.title, 'Odds ', h('span', { class: 'odds-what' }, a.name));
    this.title.title = a.name;
    this.el.classList.remove('idle');
    this.body.classList.add('stale');
  }

  show(a: Action, odds: Odds | null, sideNames: Record<string, string>, unitName: (id: string) => string, leaderName: (id: string) => string): void {
    this.body.classList.remove('stale');
    this.el.classList.remove('idle');
    const now = a.rolls === true;
    // The decision on one line (its button is marked; the whole name is the title's tooltip).
    replace(this.title, now ? 'Odds if you ' : 'Odds ', h('span', { class: 'odds-what' }, now ? `${a.name} now` : `with: ${a.name}`));
    this.title.title = a.name;
    if (!odds) {
      replace(this.body, h('p', { class: 'muted small' }, 'No odds for this decision.'));
      return;
    }
    const results = odds.results ?? [];
    const sideName = (id: string) => sideNames[id] ?? titleCase(id);
    replace(
      this.body,
      odds.roll || odds.note
        ? h(
            'div',
            { class: 'odds-line', 'data-testid': 'odds-roll' },
            odds.roll ? h('span', { class: 'label' }, `Roll ${odds.roll}`) : null,
            odds.commits === true ? h('span', { class: 'odds-commits', title: 'Taking it rolls the dice at once: it cannot be taken back.' }, ' rolls at once') : null,
            odds.roll && odds.exact ? h('span', { class: 'odds-exact muted small', title: EXACT }, 'exact') : null,
            odds.roll && results.length && odds.column === undefined ? h('span', { class: 'odds-fav' }, `${pct(favourable(odds))} favourable`) : null,
            odds.note ? h('div', { class: 'small muted' }, odds.note, odds.rule ? ' ' : null, odds.rule ? citation(odds.rule, this.rules) : null) : null,
          )
        : null,
      odds.automatic ? h('p', { class: 'odds-auto' }, `${odds.automatic} `, odds.rule ? citation(odds.rule, this.rules) : null) : null,
      odds.column !== undefined
        ? h(
            'div',
            { class: 'odds-line' },
            h('span', { class: 'label' }, 'Column'),
            h('span', { class: 'odds-col', 'data-testid': 'odds-column' }, String(odds.column)),
            h('span', { class: 'odds-drm' }, `die ${odds.drm !== undefined && odds.drm >= 0 ? '+' : ''}${odds.drm ?? 0}`),
            odds.exact ? h('span', { class: 'odds-exact muted small', title: EXACT }, 'exact') : null,
            results.length ? h('span', { class: 'odds-fav' }, `${pct(favourable(odds))} favourable`) : null,
          )
        : null,
      this.resultsTable(odds, sideName),
      odds.checks && odds.checks.length
        ? h(
            'div',
            { class: 'odds-sub' },
            h('div', { class: 'label' }, 'Checks first'),
            odds.checks.map((c) => h('div', { class: 'small' }, `${unitName(c.unit)}: ${c.check}, passes ${c.pass} `, citation(c.rule, this.rules))),
          )
        : null,
      odds.leaders && odds.leaders.length
        ? h(
            'div',
            { class: 'odds-sub' },
            h('div', { class: 'label' }, 'Leaders at risk'),
            odds.leaders.map((l) =>
              h(
                'div',
                { class: 'small' },
                `${leaderName(l.leader)}: killed ${l.death} (${pct(l.p)})`,
                l.ends_game ? h('span', { class: 'ends' }, ` — ends the game: ${sideName(l.ends_game.winner)} win`) : l.vp ? ` — ${l.vp} VP` : '',
                ' ',
                citation(l.rule, this.rules),
              ),
            ),
          )
        : null,
      odds.undrawn_chits && odds.undrawn_chits.length
        ? h('div', { class: 'odds-sub small muted' }, `Chits to draw: ${odds.undrawn_chits.map(unitName).join(', ')} (every value counted).`)
        : null,
      odds.modifiers && odds.modifiers.length
        ? h(
            'div',
            { class: 'odds-sub' },
            h('div', { class: 'label' }, 'Modifiers'),
            h('ul', { class: 'mods' }, odds.modifiers.map((m) => h('li', { class: 'small' }, m.what, ' ', m.rule ? citation(m.rule, this.rules) : null))),
          )
        : null,
      // Said once: beside the roll or the column (a tooltip) where there is one, else on a line.
      odds.exact && !odds.roll && odds.column === undefined ? h('div', { class: 'muted small exact' }, EXACT) : null,
    );
  }

  /**
   * One line per result: what happens (a column per piece when the ruleset splits it, its name
   * written once in the head), a bar, the exact fraction and the percentage; what it does to the
   * points race or the game on a line of its own below, so that a result's line never wraps.
   */
  private resultsTable(odds: Odds, sideName: (id: string) => string): HTMLElement {
    const results = odds.results ?? [];
    const heads = splitHeads(odds);
    const cols = (heads ? heads.length : 1) + 3;
    const rows: HTMLElement[] = [];
    for (const r of results) {
      const vp = r.vp_lost
        ? Object.entries(r.vp_lost)
            .filter(([, x]) => x.after !== x.now)
            .map(([s, x]) => `${sideName(s)} ${x.now}→${x.after}/${x.rout_level}`)
            .join(', ')
        : '';
      const tone = `tone-${resultTone(r.result, r.tone)}`;
      rows.push(
        h(
          'tr',
          { class: `${tone} odds-row`, title: r.result },
          heads ? (r.parts ?? []).map((part) => h('td', { class: 'res part' }, withLegend(part, this.rules))) : h('td', { class: 'res' }, withLegend(r.result, this.rules)),
          h('td', { class: 'bar' }, h('div', { class: 'pbar' }, h('div', { style: `width:${(r.p * 100).toFixed(1)}%` }))),
          h('td', { class: 'frac', title: pct(r.p) }, r.probability),
          h('td', { class: 'pct' }, pct(r.p)),
        ),
      );
      if (vp || r.ends_game)
        rows.push(
          h(
            'tr',
            { class: `${tone} odds-effect` },
            h(
              'td',
              { class: 'effect small', colspan: cols },
              vp,
              r.ends_game ? h('span', { class: 'ends' }, `${vp ? ' ' : ''}ends the game: ${sideName(r.ends_game.winner)} win${r.ends_game.reason ? ` (${r.ends_game.reason})` : ''}`) : null,
            ),
          ),
        );
    }
    return h(
      'table',
      { class: `odds-table ${heads ? 'split' : ''}` },
      heads ? h('thead', {}, h('tr', {}, heads.map((n) => h('th', { class: 'head' }, n)), h('th', { class: 'head', colspan: 3 }, 'chance'))) : null,
      h('tbody', {}, rows),
    );
  }

  error(msg: string): void {
    this.body.classList.remove('stale');
    replace(this.body, h('p', { class: 'error small' }, msg));
  }
}
