// The lobby: choose a ruleset and scenario, tick optional rules, say who plays each side,
// create the game; or resume one of your own. Ruleset-agnostic: everything comes from
// GET /api/rulesets and the scenario's "sides". The seats of a game created here are kept in
// this browser (shell/seats.ts); the game list shows the games whose seats it holds.

import { Api, ApiError, type GameSummary, type RulesetInfo } from '../api';
import { h, replace, titleCase } from './dom';
import { SeatBook } from './seats';

export interface LobbyChoice {
  ruleset: string;
  scenario: string;
  options: string;
  players: Record<string, string>;
  seed?: number;
}

/** Builds the "options" text of POST /api/games from ticked switches and chosen values. */
export function optionsString(switches: Record<string, boolean>, values: Record<string, string>): string {
  const parts: string[] = [];
  for (const [name, on] of Object.entries(switches)) if (on) parts.push(name);
  for (const [name, v] of Object.entries(values)) if (v && v !== 'off' && v !== 'false') parts.push(`${name}=${v}`);
  return parts.join(',');
}

/** Who may play a side when the server cannot say (GET /api/agents failed). */
const FALLBACK_PLAYERS = ['human', 'random'];

/**
 * The computer opponent offered first: the kind the ruleset suggests (measured to play best
 * there) if the server lists it, else the strongest kind the server lists that needs no tuning.
 */
export function defaultAgent(players: string[], suggested?: string | null): string {
  if (suggested && players.includes(suggested)) return suggested;
  for (const k of ['heuristic', 'mcts', 'random']) if (players.includes(k)) return k;
  return players.find((p) => p !== 'human') ?? 'random';
}

/**
 * Whether this browser may delete a game: it holds the seat of every side a person plays (or,
 * when no person plays, the owner token), as the server requires.
 */
export function canDelete(players: Record<string, string>, seats: Record<string, string>, owner?: string): boolean {
  const people = Object.keys(players).filter((s) => players[s] === 'human');
  if (people.length === 0) return !!owner;
  return people.every((s) => !!seats[s]);
}

/** The seed sent when creating a game: none (secret dice) unless the person typed one. */
export function seedToSend(text: string): number | undefined {
  const t = text.trim();
  if (t === '' || !/^\d+$/.test(t)) return undefined;
  return Number(t);
}

/** The label of a player choice in the lobby. */
export function playerLabel(kind: string): string {
  return kind === 'human' ? 'Human (you)' : `Computer: ${kind}`;
}

export class Lobby {
  private rulesets: RulesetInfo[] = [];
  private referees: RulesetInfo[] = [];
  private players: string[] = FALLBACK_PLAYERS;
  private agentForm = '';
  private sides: { id: string; name: string }[] = [];
  private el: HTMLElement;
  private form: HTMLElement;
  private gamesBox: HTMLElement;
  private refereeBox: HTMLElement;
  private message: HTMLElement;
  private choice: { ruleset: string; scenario: string; switches: Record<string, boolean>; values: Record<string, string>; players: Record<string, string>; seed: string } = {
    ruleset: '',
    scenario: '',
    switches: {},
    values: {},
    players: {},
    seed: '',
  };

  constructor(
    private api: Api,
    private onOpen: (id: string, viewer: string | null) => void,
    private seats: SeatBook = new SeatBook(),
  ) {
    this.form = h('div', { class: 'lobby-form' });
    this.gamesBox = h('div', { class: 'lobby-games', 'data-testid': 'stored-games' });
    this.message = h('div', { class: 'lobby-message', role: 'alert' });
    this.refereeBox = h('div', { class: 'lobby-referees', 'data-testid': 'lobby-referees' });
    this.el = h(
      'div',
      { class: 'lobby', 'data-testid': 'lobby' },
      h(
        'div',
        { class: 'lobby-col' },
        h('section', { class: 'panel lobby-new' }, h('h2', {}, 'New battle'), this.form, this.message),
        this.refereeBox,
      ),
      h('section', { class: 'panel lobby-stored' }, h('h2', {}, 'Your games'), this.gamesBox),
    );
  }

  element(): HTMLElement {
    return this.el;
  }

  async load(): Promise<void> {
    replace(this.form, h('p', { class: 'muted' }, 'Loading the rulesets…'));
    try {
      const all = await this.api.rulesets();
      this.rulesets = all.filter((r) => r.plays_games !== false);
      this.referees = all.filter((r) => r.plays_games === false && r.table_referee === true);
    } catch (e) {
      replace(this.form, h('p', { class: 'error' }, (e as Error).message));
      return;
    }
    try {
      const kinds = await this.api.agents();
      if (Array.isArray(kinds.players) && kinds.players.length) this.players = kinds.players;
      this.agentForm = kinds.form ?? '';
    } catch (e) {
      this.showError(e);
    }
    this.renderReferees();
    // The registry's first ruleset that plays games is offered first.
    const first = this.rulesets[0];
    if (!first) {
      replace(this.form, h('p', { class: 'error' }, 'The server offers no ruleset that plays games.'));
      return;
    }
    await this.pickRuleset(first.id);
    void this.loadGames();
  }

  /** Rulesets that play no games but referee a physical one: a link to the referee page each. */
  private renderReferees(): void {
    replace(
      this.refereeBox,
      this.referees.length
        ? h(
            'section',
            { class: 'panel lobby-referee' },
            h('h2', {}, 'Table referee'),
            this.referees.map((r) =>
              h(
                'div',
                { class: 'referee-card' },
                h('div', { class: 'strong' }, r.title),
                h('p', { class: 'muted small' }, r.description),
                h('a', { class: 'button-link', href: '#/referee', 'data-testid': `open-referee-${r.id}` }, 'Open the table referee'),
              ),
            ),
          )
        : null,
    );
  }

  private ruleset(): RulesetInfo | undefined {
    return this.rulesets.find((r) => r.id === this.choice.ruleset);
  }

  /** The computer opponent offered first for the chosen ruleset. */
  private opponent(): string {
    return defaultAgent(this.players, this.ruleset()?.suggested_opponent);
  }

  private async pickRuleset(id: string): Promise<void> {
    const r = this.rulesets.find((x) => x.id === id);
    if (!r) return;
    this.choice.ruleset = id;
    this.choice.switches = {};
    this.choice.values = {};
    const sc = r.scenarios.find((s) => s.id === 'legnano') ?? r.scenarios[0];
    await this.pickScenario(sc ? sc.id : '');
  }

  private async pickScenario(id: string): Promise<void> {
    this.choice.scenario = id;
    this.sides = [];
    if (id) {
      try {
        const s = await this.api.scenario(this.choice.ruleset, id);
        const sides = Array.isArray(s.sides) ? (s.sides as Record<string, unknown>[]) : [];
        this.sides = sides.map((x) => ({ id: String(x.id), name: String(x.name ?? x.id) }));
      } catch (e) {
        this.showError(e);
      }
    }
    const players: Record<string, string> = {};
    this.sides.forEach((s, i) => (players[s.id] = this.choice.players[s.id] ?? (i === 0 ? 'human' : this.opponent())));
    this.choice.players = players;
    this.renderForm();
  }

  private renderForm(): void {
    const r = this.ruleset();
    if (!r) return;
    const rulesetSel = h(
      'select',
      {
        id: 'lobby-ruleset',
        'data-testid': 'lobby-ruleset',
        onchange: (e: Event) => void this.pickRuleset((e.target as HTMLSelectElement).value),
      },
      this.rulesets.map((x) => h('option', { value: x.id, selected: x.id === r.id }, `${x.title} (${x.id})`)),
    );
    const scenarioSel = h(
      'select',
      {
        id: 'lobby-scenario',
        'data-testid': 'lobby-scenario',
        onchange: (e: Event) => void this.pickScenario((e.target as HTMLSelectElement).value),
      },
      r.scenarios.map((s) => h('option', { value: s.id, selected: s.id === this.choice.scenario }, s.title || s.id)),
    );
    const sc = r.scenarios.find((s) => s.id === this.choice.scenario);
    const options = r.options.map((o) => {
      if (o.values.length === 0) {
        return h(
          'label',
          { class: 'option', title: o.description },
          h('input', {
            type: 'checkbox',
            'data-testid': `option-${o.name}`,
            checked: !!this.choice.switches[o.name],
            onchange: (e: Event) => (this.choice.switches[o.name] = (e.target as HTMLInputElement).checked),
          }),
          h('span', { class: 'option-name' }, optionTitle(o.name)),
          h('span', { class: 'option-desc' }, o.description),
        );
      }
      return h(
        'label',
        { class: 'option', title: o.description },
        h(
          'select',
          {
            'data-testid': `option-${o.name}`,
            onchange: (e: Event) => (this.choice.values[o.name] = (e.target as HTMLSelectElement).value),
          },
          h('option', { value: '' }, '(default)'),
          o.values.map((v) => h('option', { value: v, selected: this.choice.values[o.name] === v }, v)),
        ),
        h('span', { class: 'option-name' }, optionTitle(o.name)),
        h('span', { class: 'option-desc' }, o.description),
      );
    });
    const players = this.sides.map((s) => {
      const current = this.choice.players[s.id] ?? this.opponent();
      const custom = !this.players.includes(current);
      const select = h(
        'select',
        {
          'data-testid': `player-${s.id}`,
          onchange: (e: Event) => {
            const v = (e.target as HTMLSelectElement).value;
            this.choice.players[s.id] = v === 'other' ? `${this.opponent()}:` : v;
            this.renderForm();
          },
        },
        this.players.map((k) => h('option', { value: k, selected: k === current }, playerLabel(k))),
        h('option', { value: 'other', selected: custom }, 'Computer: with settings…'),
      );
      const input = custom
        ? h('input', {
            type: 'text',
            class: 'agent-spec',
            value: current,
            placeholder: 'e.g. mcts:iters=20000',
            title: this.agentForm,
            'data-testid': `player-spec-${s.id}`,
            onchange: (e: Event) => (this.choice.players[s.id] = (e.target as HTMLInputElement).value.trim()),
          })
        : null;
      return h('div', { class: 'player-row' }, h('span', { class: 'player-side' }, s.name), select, input);
    });
    replace(
      this.form,
      h('label', { class: 'field' }, h('span', {}, 'Ruleset'), rulesetSel),
      h('p', { class: 'muted small' }, r.description),
      h('label', { class: 'field' }, h('span', {}, 'Scenario'), scenarioSel),
      sc ? h('p', { class: 'muted small' }, sc.description) : null,
      r.options.length ? h('fieldset', { class: 'options' }, h('legend', {}, 'Optional rules'), options) : null,
      h('fieldset', { class: 'players' }, h('legend', {}, 'Who plays'), players),
      h(
        'label',
        {
          class: 'field seed',
          title: 'Leave it empty: the server draws the dice from a secret it reveals at the end, so no one can foresee a roll. A seed makes the dice public (anyone can work out every roll): for tests and repeatable demonstrations.',
        },
        h('span', {}, 'Seed (public dice)'),
        h('input', {
          type: 'number',
          min: 0,
          placeholder: 'none: secret dice',
          'data-testid': 'lobby-seed',
          value: this.choice.seed,
          oninput: (e: Event) => (this.choice.seed = (e.target as HTMLInputElement).value),
        }),
      ),
      h('button', { class: 'primary big', 'data-testid': 'create-game', onclick: () => void this.create() }, 'Begin the battle'),
    );
  }

  private showError(e: unknown): void {
    replace(this.message, h('p', { class: 'error' }, e instanceof ApiError ? e.message : String(e)));
  }

  private async create(): Promise<void> {
    replace(this.message);
    const c = this.choice;
    const seed = seedToSend(c.seed);
    const humans = Object.keys(c.players).filter((s) => c.players[s] === 'human');
    try {
      const view = await this.api.createGame(
        {
          ruleset: c.ruleset,
          scenario: c.scenario,
          options: optionsString(c.switches, c.values),
          players: c.players,
          ...(seed === undefined ? {} : { seed }),
        },
        humans[0],
      );
      // This browser holds every seat of the new game; the game screen offers their links.
      this.seats.remember(view.id, view.seats ?? {}, view.owner_token, `${c.ruleset}/${c.scenario}`);
      this.onOpen(view.id, humans.length === 1 ? humans[0] : null);
    } catch (e) {
      this.showError(e);
    }
  }

  private async remove(g: GameSummary): Promise<void> {
    if (!window.confirm(`Delete this game of ${g.ruleset}/${g.scenario} for good? Whoever holds a seat loses it too.`)) return;
    try {
      await this.api.deleteGame(g.id);
      this.seats.forget(g.id);
    } catch (e) {
      this.showError(e);
    }
    void this.loadGames();
  }

  private async loadGames(): Promise<void> {
    let games: GameSummary[];
    try {
      games = await this.api.games();
    } catch (e) {
      replace(this.gamesBox, h('p', { class: 'error' }, (e as Error).message));
      return;
    }
    if (games.length === 0) {
      replace(this.gamesBox, h('p', { class: 'muted' }, 'No games of yours yet: a game you create, or join by a seat link, shows here.'));
      return;
    }
    replace(
      this.gamesBox,
      h(
        'table',
        { class: 'games-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Players'), h('th', {}, 'Position'), h('th', {}, ''))),
        h(
          'tbody',
          {},
          games.slice(0, 40).map((g) => {
            const entry = this.seats.get(g.id);
            const mine = Object.keys(entry?.seats ?? {});
            const humans = Object.keys(g.players).filter((s) => g.players[s] === 'human');
            const as = mine.length === 1 ? mine[0] : humans.length === 1 && mine.includes(humans[0]) ? humans[0] : null;
            return h(
              'tr',
              { 'data-testid': `stored-${g.id}` },
              h('td', {}, h('div', { class: 'strong' }, `${g.ruleset}/${g.scenario}`), h('div', { class: 'muted small' }, g.options || 'standard rules'), h('div', { class: 'muted small' }, fmtDate(g.updated || g.created))),
              h('td', {}, Object.entries(g.players).map(([s, p]) => h('div', { class: 'small' }, `${titleCase(s)}: ${p}${mine.includes(s) ? ' (your seat)' : ''}`))),
              h('td', { class: 'small' }, g.terminal ? h('span', { class: 'badge over' }, 'finished') : null, ' ', g.status_line, h('div', { class: 'muted small' }, `${g.actions} decisions`)),
              h(
                'td',
                {},
                h('button', { 'data-testid': `open-${g.id}`, onclick: () => this.onOpen(g.id, as) }, g.terminal ? 'Review' : 'Resume'),
                canDelete(g.players, entry?.seats ?? {}, entry?.owner)
                  ? h('button', { class: 'subtle', 'data-testid': `delete-${g.id}`, title: 'Delete this game from the server', onclick: () => void this.remove(g) }, 'Delete')
                  : null,
              ),
            );
          }),
        ),
      ),
    );
  }
}

function fmtDate(s: string): string {
  if (!s) return '';
  const d = new Date(s);
  return isNaN(d.getTime()) ? s : d.toLocaleString();
}

function optionTitle(name: string): string {
  return name.length <= 4 ? name.toUpperCase() : titleCase(name);
}
