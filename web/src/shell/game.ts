// The game screen: the board of the game's kind, the status, the decisions, the odds of a
// decision before it is committed, the event log, and at the end the result and a replay
// slider. It polls the server while an agent thinks or dice are being rolled: at once after the
// person's own decision, then backing off to every 500 ms (BusyPoll).

import { Api, ApiError, type Action, type Dice, type GameEvent, type GameState, type GameView, type Odds, type Placement } from '../api';
import { createBoard, type BoardRenderer } from '../boards/index';
import { DecisionsPanel, rollsOnAPick } from './decisions';
import { h, possessive, replace, titleCase } from './dom';
import { endScreen, summarizeEnd } from './endscreen';
import { BusyPoll, defaultOddsAction, hasOdds, indexActions, needsPolling, resolveClick, type ActionIndex, type Pick } from './interaction';
import { attacksOf, EventLogPanel, logPieces, recordSideOf, sidesSummary, turnSummary } from './log';
import { OddsPanel, pct } from './odds';
import { ReplayPanel } from './replay';
import { RulesCache, rulesHash } from './rules';
import { SeatBook, seatLink } from './seats';
import { phaseText, StatusPanel } from './status';

const POLL_IDLE_MS = 2000;
/** The watched turn's pace: a decision that did something, and one that changed nothing seen. */
const WATCH_STEP_MS = 1100;
const WATCH_QUIET_MS = 150;
const WATCH_KEY = 'carroccio.watchTurn';

export class GameScreen {
  readonly el: HTMLElement;
  private board: BoardRenderer | null = null;
  private mapFrame: HTMLElement;
  private mapPane: HTMLElement;
  private inspector: HTMLElement;
  private toast: HTMLElement;
  private status = new StatusPanel();
  private log = new EventLogPanel();
  private odds = new OddsPanel();
  private decisions: DecisionsPanel;
  private replay: ReplayPanel;
  private endLayer: HTMLElement;
  private titleEl: HTMLElement;

  private view: GameView | null = null;
  private shown: GameView | null = null; // what the board shows (a replay position or the live view)
  private index: ActionIndex = indexActions([]);
  private events: GameEvent[] = [];
  /** The history length when this screen last waited for the other side (its turn summary). */
  private waitedFrom: number | null = null;
  /** The position when this screen began to wait (where the other side's trails start). */
  private waitedState: GameState | null = null;
  /** The other side's last turn, marked on the board until the person's next decision. */
  /**
   * The other side's last turn, marked on the board until the person's next decision: `who`
   * names the side ("League"), or for a spectator the stretch watched ("turns 1–12"), whose
   * `line` then counts each side's events apart.
   */
  private turnMarks: { from: number; to: number; since: GameState; who: string; line: string; spectator: boolean } | null = null;
  /** The sides in the scenario's order: a record's player index is a place in it. */
  private sideOrder: string[] = [];
  /** Watching that turn step by step: the history step shown and where its step started. */
  private watching: { at: number; since: GameState; caption: string } | null = null;
  private watchRun = 0;
  private turnEl: HTMLElement;
  private nextEvent = 0;
  private sideNames: Record<string, string> = {};
  private unitNames = new Map<string, string>();
  private choice: { at: Pick; actions: Action[] } | null = null;
  private preview: Action | null = null;
  private posting = false;
  private timer: number | null = null;
  private busyPoll = new BusyPoll();
  private destroyed = false;
  private oddsCache = new Map<string, Odds | null>();
  private oddsShown: string | null = null;
  private hoverTimer: number | null = null;
  private replayAt: number | null = null;
  private endDismissed = false;
  private hotseat = false;
  private message = '';
  private resize: ResizeObserver | null = null;
  private placement: { at: number; placement: Placement | null } | null = null;
  private rulesCache: RulesCache;
  /** A click on the board that would roll dice at once, held until the player confirms it. */
  private armed: Action | null = null;
  private rollBar: HTMLElement;
  private timelineAsked = false;
  /** The summary of a whole finished game (a page opened at its end) was asked for. */
  private wholeAsked = false;

  constructor(
    private api: Api,
    private id: string,
    private viewer: string | null,
    private onLobby: () => void,
    private seats: SeatBook = new SeatBook(),
  ) {
    this.decisions = new DecisionsPanel({
      onAct: (a) => void this.act(a),
      onHover: (a) => this.hover(a),
      onUndo: () => void this.undo(),
      onChooseAt: (hex, actions) => {
        if (!this.canAct()) return;
        this.choice = { at: { hex }, actions };
        this.renderBoard();
      },
    });
    this.replay = new ReplayPanel((n) => void this.seek(n));
    this.rulesCache = new RulesCache(api);
    this.rollBar = h('div', { class: 'roll-confirm', role: 'alertdialog', 'data-testid': 'roll-confirm' });
    this.rollBar.hidden = true;
    this.mapFrame = h('div', { class: 'map-frame' });
    this.inspector = h('div', { class: 'inspector small', 'data-testid': 'inspector' });
    this.endLayer = h('div', { class: 'end-layer' });
    this.toast = h('div', { class: 'toast', role: 'alert', 'data-testid': 'toast' });
    this.titleEl = h('div', { class: 'game-title' });
    this.turnEl = h('div', { class: 'turn-summary', 'data-testid': 'turn-summary', role: 'status' });
    this.turnEl.hidden = true;
    this.mapPane = h(
      'div',
      { class: 'map-pane' },
      this.mapFrame,
      h(
        'div',
        { class: 'map-tools' },
        h('button', { class: 'tool', title: 'Zoom in', 'data-testid': 'zoom-in', onclick: () => this.board?.zoom(1.4) }, '+'),
        h('button', { class: 'tool', title: 'Zoom out', 'data-testid': 'zoom-out', onclick: () => this.board?.zoom(1 / 1.4) }, '−'),
        h('button', { class: 'tool', title: 'Fit the whole map', 'data-testid': 'zoom-fit', onclick: () => this.board?.fit() }, '⤢'),
        h('button', { class: 'tool', title: 'Fit the map’s width (scroll up and down)', 'data-testid': 'zoom-width', onclick: () => this.board?.fitWidth?.() }, '⇔'),
        h('button', { class: 'tool', title: 'Zoom on the action (a)', 'data-testid': 'zoom-action', onclick: () => this.board?.focus?.() }, '◎'),
        h('button', { class: 'tool side-toggle', title: 'Hide or show the side panel (p)', 'data-testid': 'side-toggle', onclick: () => this.toggleSide() }, '⇥'),
      ),
      this.inspector,
      this.rollBar,
      this.endLayer,
    );
    this.replay.el.hidden = true;
    this.el = h(
      'div',
      { class: 'game', 'data-testid': 'game' },
      this.mapPane,
      // One side panel (the board keeps the rest of the window): the game, the decisions and
      // the odds above, the log in a drawer below; the whole panel folds away (p).
      h(
        'div',
        { class: 'side', 'data-testid': 'side-panel' },
        h('div', { class: 'col-mid' }, this.titleEl, this.status.el, this.turnEl, this.decisions.el, this.odds.el),
        h('div', { class: 'col-right' }, this.log.el, this.replay.el),
      ),
      // Messages (a drop's price, why a drop is refused) show over the side panel's head (the
      // game's title), never over the playing area (issue 20, point 7); with the panel folded,
      // over the page's header.
      this.toast,
    );
  }

  private onKey = (e: KeyboardEvent): void => {
    if ((e.target as HTMLElement | null)?.closest('input, select, textarea')) return;
    if (e.key === 'Escape' && this.armed) this.disarm();
    else if (e.key === 'Escape' && this.choice) {
      this.choice = null;
      this.renderBoard();
    } else if (e.key === '+' || e.key === '=') this.board?.zoom(1.4);
    else if (e.key === '-') this.board?.zoom(1 / 1.4);
    else if (e.key === '0') this.board?.fit();
    else if (e.key === 'a') this.board?.focus?.();
    else if (e.key === 'p') this.toggleSide();
  };

  /** Folds the side panel away (the board takes the whole window) or brings it back. */
  private toggleSide(): void {
    const hidden = this.el.classList.toggle('side-hidden');
    if (!hidden) this.el.querySelector('[data-testid="side-toggle"]')?.classList.remove('news');
    try {
      window.localStorage?.setItem('carroccio.sideHidden', hidden ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }

  async start(): Promise<void> {
    window.addEventListener('keydown', this.onKey);
    try {
      if (window.localStorage?.getItem('carroccio.sideHidden') === '1') this.el.classList.add('side-hidden');
    } catch {
      // no storage: the panel shows
    }
    let view: GameView;
    try {
      // Without a viewer the server shows the game as a side this browser holds the seat of (the
      // side to move first), else as a spectator.
      view = await this.api.game(this.id);
      const mine = view.your_seats ?? [];
      if (this.viewer && mine.includes(this.viewer) && view.viewer !== this.viewer) view = await this.api.game(this.id, this.viewer);
    } catch (e) {
      this.fail(e);
      return;
    }
    const mine = view.your_seats ?? [];
    this.hotseat = mine.length > 1;
    this.viewer = view.viewer && view.viewer !== 'spectator' && view.viewer !== 'referee' ? view.viewer : null;
    let scenario: Record<string, unknown> = {};
    try {
      scenario = await this.api.scenario(view.ruleset, view.scenario);
    } catch (e) {
      this.showToast((e as Error).message);
    }
    if (Array.isArray(scenario.sides))
      for (const s of scenario.sides as { id: string; name?: string }[]) {
        this.sideNames[s.id] = s.name ?? titleCase(s.id);
        this.sideOrder.push(s.id);
      }
    if (this.sideOrder.length === 0) this.sideOrder = Object.keys(view.players);
    if (Array.isArray(scenario.units)) for (const u of scenario.units as { id: string; name?: string }[]) this.unitNames.set(u.id, u.name ?? u.id);
    const players = Object.entries(view.players)
      .map(([s, p]) => `${this.sideNames[s] ?? titleCase(s)}: ${p === 'human' ? (mine.includes(s) ? 'you' : 'a person') : p}`)
      .join(' · ');
    replace(
      this.titleEl,
      h('div', { class: 'scenario-title' }, String(scenario.title ?? `${view.ruleset}/${view.scenario}`)),
      h('div', { class: 'muted small' }, players, view.options ? ` · rules: ${view.options}` : ''),
      // The rules reference and the seat links on one line: the panel's height goes to the
      // decisions and the odds.
      h(
        'div',
        { class: 'small title-links' },
        h('a', { href: rulesHash(view.ruleset), target: '_blank', rel: 'noopener', 'data-testid': 'rules-link', title: 'Every clause in our words, the rulings we took and the legend of the codes (opens beside the game)' }, '§ Rules reference'),
        view.dice ? h('span', { class: 'muted', 'data-testid': 'dice-line', title: diceText(view.dice) }, diceShort(view.dice)) : null,
        this.seatLinks(view),
      ),
    );
    document.title = `Carroccio · ${String(scenario.title ?? view.scenario)}`;
    // The rules reference: the log's and the odds panel's citations become links, codes get
    // their legend (drawn again once it has arrived).
    void this.rulesCache.get(view.ruleset).then((rules) => {
      if (this.destroyed || !rules) return;
      this.log.setRules(rules);
      this.odds.rules = rules;
      this.oddsShown = null;
      this.renderAll();
    });
    this.board = createBoard(view.ruleset, scenario);
    this.board.mount(this.mapFrame, {
      onPick: (p, leaderFirst) => this.pick(p, leaderFirst),
      onChoose: (a) => void this.act(a),
      onHover: (a) => this.hover(a),
      onInspect: (t) => this.inspect(t),
      onSay: (t) => this.showToast(t),
      onPlacement: (u) => this.placementOf(u),
      onRelease: () => void this.undo(true),
      onHold: (u) => this.decisions.focusPiece(u),
    });
    await this.apply(view);
  }

  /** The links that give this browser's seats to others (a hotseat game holds them all). */
  private seatLinks(view: GameView): HTMLElement | null {
    const entry = this.seats.get(this.id);
    const held = Object.entries(entry?.seats ?? {}).filter(([side]) => view.players[side] === 'human');
    if (held.length === 0 || view.terminal) return null;
    const base = `${location.origin}${location.pathname}`;
    return h(
      'details',
      { class: 'seat-links small', 'data-testid': 'seat-links' },
      h('summary', {}, held.length > 1 ? 'Invite: seat links' : 'Your seat link'),
      h('p', { class: 'muted small' }, 'Whoever opens a seat’s link plays that side from their browser; keep your own link to return from another one.'),
      held.map(([side, token]) => {
        const link = seatLink(base, this.id, side, token);
        const input = h('input', { type: 'text', readonly: true, value: link, 'data-testid': `seat-link-${side}`, onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
        return h(
          'div',
          { class: 'seat-link' },
          h('span', { class: 'player-side' }, this.sideNames[side] ?? titleCase(side)),
          input,
          h(
            'button',
            {
              class: 'subtle',
              onclick: () => {
                void navigator.clipboard?.writeText(link).then(
                  () => this.showToast('Link copied.'),
                  () => this.showToast('Select the link and copy it.'),
                );
              },
            },
            'Copy',
          ),
        );
      }),
    );
  }

  destroy(): void {
    this.destroyed = true;
    this.watchRun++;
    window.removeEventListener('keydown', this.onKey);
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.replay.stop();
    this.resize?.disconnect();
    this.board?.destroy();
  }

  // ---- Server round trips ----

  private async refresh(): Promise<void> {
    if (this.destroyed || this.posting) return;
    try {
      let v = await this.api.game(this.id, this.viewer ?? undefined);
      if (this.hotseat && (v.your_seats ?? []).includes(v.current_player) && v.current_player !== this.viewer) {
        this.viewer = v.current_player;
        v = await this.api.game(this.id, this.viewer);
      }
      await this.apply(v);
    } catch (e) {
      this.showToast(e instanceof ApiError ? e.message : String(e));
      this.schedule(POLL_IDLE_MS);
    }
  }

  private schedule(ms: number): void {
    if (this.destroyed) return;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, ms);
  }

  private async fetchEvents(): Promise<void> {
    try {
      for (let guard = 0; guard < 50; guard++) {
        const page = await this.api.events(this.id, this.nextEvent);
        if (page.events.length === 0) {
          this.nextEvent = Math.max(this.nextEvent, page.next);
          break;
        }
        this.events.push(...page.events);
        this.nextEvent = page.next;
      }
    } catch (e) {
      this.showToast((e as Error).message);
    }
  }

  /** Shows a reply of the server; `sent`: the reply to the person's own decision. */
  private async apply(v: GameView, sent = false): Promise<void> {
    const changed = !this.view || this.view.history_length !== v.history_length || this.view.current_player !== v.current_player;
    this.view = v;
    if (changed || needsPolling(v)) await this.fetchEvents();
    if (changed) {
      this.choice = null;
      this.disarm();
      this.preview = null;
      this.oddsCache.clear();
      this.oddsShown = null;
    }
    if (this.hotseat && (v.your_seats ?? []).includes(v.current_player) && v.current_player !== this.viewer && !this.posting) {
      // The other person's turn on this screen.
      this.schedule(0);
    }
    this.index = indexActions(this.replayAt === null ? v.legal : []);
    if (this.replayAt === null && this.watching === null) this.shown = v;
    this.renderAll();
    this.summariseOtherTurn(v);
    void this.fetchPlacement(v);
    if (needsPolling(v)) this.schedule(this.busyPoll.delay(sent ? 'sent' : changed ? 'moved' : 'still'));
    else if (!v.terminal && !this.myTurn()) this.schedule(POLL_IDLE_MS);
  }

  /** Free placement: where the piece being placed may go, asked once per position. */
  private async fetchPlacement(v: GameView): Promise<void> {
    if (!this.board?.wantsPlacement || !this.myTurn()) return;
    if (this.placement?.at === v.history_length) return;
    if (!(v.legal ?? []).some((a) => a.kind === 'move' || a.kind === 'hold')) {
      this.placement = { at: v.history_length, placement: null };
      this.renderBoard();
      return;
    }
    try {
      const r = await this.api.placement(this.id, this.viewer ?? undefined);
      if (this.view?.history_length !== r.history_length) return;
      this.placement = { at: r.history_length, placement: r.placement };
      this.renderBoard();
    } catch (e) {
      this.showToast((e as Error).message);
    }
  }

  /** Free placement of a piece the person picks up (a ruleset with no pick step). */
  private async placementOf(unit: string): Promise<Placement | null> {
    const v = this.view;
    if (!v || !this.canAct()) return null;
    try {
      const r = await this.api.placement(this.id, this.viewer ?? undefined, unit);
      return this.view?.history_length === r.history_length ? r.placement : null;
    } catch (e) {
      this.showToast((e as Error).message);
      return null;
    }
  }

  private myTurn(): boolean {
    const v = this.view;
    return !!v && !v.terminal && v.waiting_for === 'human' && (v.legal?.length ?? 0) > 0;
  }

  private async act(a: Action): Promise<void> {
    const v = this.view;
    if (!v || this.posting || this.replayAt !== null) return;
    this.posting = true;
    this.choice = null;
    this.message = '';
    this.clearTurnMarks();
    document.body.classList.add('posting');
    try {
      const next = await this.api.act(this.id, a.id, v.history_length, this.viewer ?? undefined);
      this.posting = false;
      const seen = this.events.length;
      await this.apply(next, true);
      // A unit dropped on the board: say beside it what the rules made of the drop (its price).
      if (a.dropped === true && this.events.length > seen) this.showToast(this.events[seen].text);
    } catch (e) {
      this.posting = false;
      if (e instanceof ApiError && e.status === 409) this.showToast('The game moved on meanwhile; here is where it stands now.');
      else this.showToast(e instanceof ApiError ? e.message : String(e));
      await this.refresh();
    } finally {
      this.posting = false;
      document.body.classList.remove('posting');
    }
  }

  /** Takes back the person's latest decisions; `lastOnly`: only the latest (a pick given back). */
  private async undo(lastOnly = false): Promise<void> {
    try {
      const at = this.view?.history_length;
      const v = await this.api.undo(this.id, this.viewer ?? undefined, lastOnly ? 1 : undefined, lastOnly ? at : undefined);
      this.clearTurnMarks();
      this.events = [];
      this.nextEvent = 0;
      this.log.reset();
      this.view = null;
      await this.apply(v);
    } catch (e) {
      this.showToast((e as Error).message);
    }
  }

  private async seek(n: number | null): Promise<void> {
    if (this.watching) {
      this.watchRun++;
      this.watching = null;
      this.renderTurnSummary();
    }
    this.replayAt = n;
    if (n === null) {
      this.shown = this.view;
      this.renderAll();
      return;
    }
    try {
      const v = await this.api.at(this.id, n, this.viewer ?? undefined);
      if (this.replayAt !== n) return; // a later seek overtook this one
      this.shown = v;
      this.renderAll();
    } catch (e) {
      this.showToast((e as Error).message);
    }
  }

  // ---- Board interaction ----

  private pick(p: Pick, leaderFirst: boolean): void {
    if (!this.canAct()) return;
    // A click elsewhere while a choice is open closes it (and may start another).
    const out = resolveClick(this.index, p, leaderFirst);
    if (out.kind === 'commit' && rollsOnAPick(out.action) && this.armed?.id !== out.action.id) this.arm(out.action);
    else if (out.kind === 'commit') void this.act(out.action);
    else if (out.kind === 'choose') {
      this.choice = { at: p, actions: out.actions };
      this.renderBoard();
    } else if (this.choice) {
      this.choice = null;
      this.renderBoard();
    }
  }

  /**
   * No hidden rolls: a click that only seems to pick a piece but rolls dice at once (a unit held
   * in an enemy's zone) is held back and said before it is taken, with its odds in the odds
   * panel; the player rolls or thinks again.
   */
  private arm(a: Action): void {
    this.armed = a;
    this.hover(a);
    const risk = h('span', { class: 'roll-odds', 'data-testid': 'roll-confirm-odds' });
    replace(
      this.rollBar,
      h('span', { class: 'roll-die', 'aria-hidden': 'true' }, '⚄'),
      h(
        'span',
        { class: 'roll-text' },
        h('strong', {}, `${a.name.charAt(0).toUpperCase()}${a.name.slice(1)}`),
        ' rolls the dice at once, and a roll cannot be taken back. ',
        risk,
      ),
      h('button', { class: 'primary', 'data-testid': 'roll-confirm-go', onclick: () => this.confirmArmed() }, 'Roll it'),
      h('button', { class: 'ghost', 'data-testid': 'roll-confirm-cancel', onclick: () => this.disarm() }, 'Not now'),
    );
    this.rollBar.hidden = false;
    // What it risks, in the bar itself (the odds panel has the modifiers and their clauses).
    void this.api.odds(this.id, a.id).then(
      (o) => {
        if (this.armed?.id !== a.id || !o?.results?.length) return;
        risk.textContent = `${o.roll ? `${o.roll}: ` : ''}${o.results.map((r) => `${r.result} ${pct(r.p)}`).join(' · ')}.`;
      },
      () => undefined,
    );
  }

  private confirmArmed(): void {
    const a = this.armed;
    this.disarm();
    if (a && this.canAct() && (this.view?.legal ?? []).some((x) => x.id === a.id)) void this.act(a);
  }

  private disarm(): void {
    this.armed = null;
    this.rollBar.hidden = true;
    replace(this.rollBar);
  }

  private canAct(): boolean {
    return this.replayAt === null && this.watching === null && !this.posting && this.myTurn();
  }

  private hover(a: Action | null): void {
    this.preview = a;
    // The board marks what the decision names (e.g. a stand); the panel marks its button.
    this.board?.preview?.(a);
    this.decisions.mark(a?.id ?? null);
    if (this.hoverTimer !== null) window.clearTimeout(this.hoverTimer);
    this.hoverTimer = window.setTimeout(() => {
      this.hoverTimer = null;
      void this.updateOdds();
    }, 90);
  }

  private inspect(text: string | null): void {
    this.inspector.textContent = text ?? '';
    this.inspector.classList.toggle('on', !!text);
  }

  private async updateOdds(): Promise<void> {
    const v = this.view;
    if (!v) return;
    if (this.replayAt !== null) {
      this.oddsShown = null;
      this.odds.hint('Replaying: odds are weighed for the decisions of a game in play.');
      return;
    }
    const legal = this.myTurn() ? v.legal ?? [] : [];
    // Only decisions still on offer are weighed (a hovered button may be from a past position).
    const hovered = this.preview && legal.some((a) => a.id === this.preview?.id && a.kind === this.preview?.kind) ? this.preview : null;
    const armed = this.armed && legal.some((x) => x.id === this.armed?.id) ? this.armed : null;
    const target = armed && hasOdds(armed) ? armed : hovered && hasOdds(hovered) ? hovered : defaultOddsAction(legal);
    if (!target) {
      this.oddsShown = null;
      this.odds.hint(this.oddsHint());
      return;
    }
    const key = `${v.history_length}:${target.id}`;
    if (this.oddsShown === key) return;
    this.oddsShown = key;
    let odds = this.oddsCache.get(key);
    if (odds === undefined) {
      this.odds.loading(target);
      try {
        odds = await this.api.odds(this.id, target.id);
      } catch (e) {
        if (this.oddsShown === key) this.odds.error((e as Error).message);
        return;
      }
      this.oddsCache.set(key, odds);
      if (this.oddsShown !== key) return;
    }
    const st = (this.shown ?? v).state as { leaders?: { id: string; name: string }[]; units?: { id: string; name?: string }[] };
    this.odds.show(
      target,
      odds,
      this.sideNames,
      // A name the position gives (table rulesets name their units there) before the scenario file's.
      (id) => st.units?.find((u) => u.id === id)?.name ?? this.unitNames.get(id) ?? id,
      (id) => st.leaders?.find((l) => l.id === id)?.name ?? id,
    );
  }

  private oddsHint(): string {
    const v = this.view;
    if (!v) return '';
    if (v.terminal) return 'The battle is over.';
    const kinds = new Set((v.legal ?? []).map((a) => a.kind));
    if (kinds.has('target')) return 'Choose an enemy to attack (red); the exact odds show as you add attackers, before you resolve.';
    if (kinds.has('add-attacker')) return 'Point at an attacker to see the odds with it.';
    return 'The exact odds of an attack show here before you commit it.';
  }

  // ---- Rendering ----

  private renderAll(): void {
    const v = this.view;
    const shown = this.shown ?? v;
    if (!v || !shown) return;
    const at = this.replayAt ?? this.watching?.at ?? null;
    const replaying = at !== null;
    this.status.render(shown, this.viewer, replaying ? this.events.filter((e) => e.step < at) : this.events, this.sideNames, replaying);
    // The pieces the log writes by their short labels, in the board's colours (the names stay).
    this.log.setPieces(logPieces((v.state as { units?: unknown }).units, (side) => this.board?.sideColours?.(side) ?? null));
    this.log.render(this.events, at);
    if (!replaying && this.turnMarks) this.log.markOther(this.turnMarks.from);
    const mine = this.myTurn() && !replaying;
    const legal = mine ? v.legal ?? [] : [];
    let msg = this.message;
    if (!msg) {
      if (this.watching) msg = this.turnMarks?.spectator ? `Watching ${this.turnMarks.who.toLowerCase()} step by step (Skip to now ends it).` : `Watching ${possessive(this.turnMarks?.who ?? 'the other side')} turn step by step (Skip to now ends it).`;
      else if (replaying) msg = `Replaying the battle: the map after decision ${this.replayAt} of ${v.history_length}.`;
      else if (v.terminal) msg = 'The battle is over: replay it with the slider below the log.';
      else if (mine) msg = boardHint(legal) || phaseText((v.state as Record<string, unknown>).phase);
      else if (v.current_player === 'chance') msg = 'Rolling the dice…';
      else msg = `Waiting for ${this.sideNames[v.current_player] ?? v.current_player} (${v.players[v.current_player] ?? '?'})…`;
    }
    this.decisions.render(legal, { enabled: mine && !this.posting, message: msg, canUndo: mine && !v.terminal });
    this.decisions.el.classList.toggle('waiting', !mine);
    // A position where a decision's odds may be weighed: the side panel gives the odds the room
    // the log had (the log keeps its latest lines), so that every result and modifier is read
    // before the dice roll, whatever the decision pointed at (the layout does not follow the
    // pointer, so the buttons never move under it).
    const weighing = legal.some(hasOdds);
    if (this.el.classList.contains('weighing') !== weighing) {
      this.el.classList.toggle('weighing', weighing);
      this.log.followEnd(); // the log's latest lines stay in view as it shrinks or grows
    }
    if (v.terminal) {
      const appearing = this.replay.el.hidden;
      this.replay.el.hidden = false;
      this.replay.setLength(v.history_length);
      const st = shown.state as Record<string, unknown>;
      this.replay.setCurrent(st.turn, st.phase);
      if (!this.timelineAsked) {
        this.timelineAsked = true;
        void this.api.timeline(this.id, this.viewer ?? undefined).then(
          (t) => {
            if (!this.destroyed) this.replay.setMarks(t.marks);
          },
          (e) => this.showToast((e as Error).message),
        );
      }
      // The replay panel takes room from the log: keep the last events (the result) in view.
      if (appearing && !replaying) this.log.followEnd();
    }
    this.renderBoard();
    this.renderEnd();
    void this.updateOdds();
  }

  private renderBoard(): void {
    const shown = this.shown ?? this.view;
    if (!this.board || !shown) return;
    this.board.render({
      state: shown.state,
      index: this.replayAt === null ? this.index : indexActions([]),
      choice: this.choice,
      preview: this.preview,
      interactive: this.canAct(),
      since: this.replayAt !== null ? null : this.watching ? this.watching.since : (this.turnMarks?.since ?? null),
      attacks: this.turnAttacks(),
      placement: this.replayAt === null && this.placement?.at === shown.history_length ? this.placement.placement : null,
      placementPending: this.replayAt === null && !!this.board.wantsPlacement && this.myTurn() && this.placement?.at !== shown.history_length,
    });
    this.mapPane.classList.toggle('busy', !!this.view && needsPolling(this.view));
  }

  /** The attacks and shots of the other side's turn shown (of the step shown, when watched). */
  private turnAttacks(): { from: string; to: string }[] {
    if (this.replayAt !== null) return [];
    const w = this.watching;
    if (w) return attacksOf(this.events.filter((e) => e.step === w.at - 1));
    const t = this.turnMarks;
    return t ? attacksOf(this.events.filter((e) => e.step >= t.from && e.step < t.to)) : [];
  }

  private renderEnd(): void {
    const v = this.view;
    replace(this.endLayer);
    if (!v || !v.terminal || this.endDismissed || this.replayAt !== null) return;
    const sum = summarizeEnd(v, this.viewer, this.sideNames);
    const st = v.state as Record<string, unknown>;
    const res = (v.result ?? {}) as Record<string, unknown>;
    const turnN = res.turn ?? st.turn;
    this.endLayer.appendChild(
      endScreen(sum, typeof turnN === 'number' ? `turn ${turnN}` : '', {
        onReplay: () => {
          this.endDismissed = true;
          this.renderEnd();
          this.replay.el.scrollIntoView({ block: 'nearest' });
          (this.replay.el.querySelector('input') as HTMLInputElement | null)?.focus();
        },
        onClose: () => {
          this.endDismissed = true;
          this.renderEnd();
        },
        onLobby: () => this.onLobby(),
      }),
    );
  }

  /**
   * The other side's turn, shown: once it is this screen's turn again, the log marks what the
   * other side did while this one waited, and a short summary says it in a line.
   */
  private summariseOtherTurn(v: GameView): void {
    if (this.replayAt !== null || this.hotseat) return;
    const mine = this.myTurn();
    if (!mine) {
      if (this.waitedFrom === null && !v.terminal) {
        this.waitedFrom = v.history_length;
        this.waitedState = v.state;
      }
      // A page opened (or reloaded) on a game between agents that has already ended saw none of
      // it played: the whole game is the stretch to summarise, from its first position.
      if (v.terminal && this.waitedFrom === null && !this.wholeAsked && this.othersOf(v).length > 1) {
        this.wholeAsked = true;
        void this.summariseWholeGame(v);
        return;
      }
      // The game's end came on the other side's turn: its moves are shown all the same.
      if (!v.terminal || this.waitedFrom === null) return;
    }
    if (this.waitedFrom === null) return;
    const from = this.waitedFrom;
    const since = this.waitedState;
    this.waitedFrom = null;
    this.waitedState = null;
    const theirs = this.events.filter((e) => e.step >= from);
    if (theirs.length === 0 || !since) return;
    this.log.markOther(from);
    const others = this.othersOf(v);
    const name = (side: string) => this.sideNames[side] ?? titleCase(side);
    if (others.length === 1) {
      const line = turnSummary(theirs);
      this.turnMarks = { from, to: v.history_length, since, who: name(others[0]), line, spectator: false };
      if (line) this.sayWaited();
    } else {
      // A spectator (a game between agents): the stretch watched, each side's part counted apart
      // (which side took each decision: the game's record), never "the other side".
      const turns = [since.turn, v.state.turn].filter((t) => t !== undefined && t !== null).map(String);
      const who = turns.length === 2 && turns[0] !== turns[1] ? `Turns ${turns[0]}–${turns[1]}` : turns.length ? `Turn ${turns[turns.length - 1]}` : 'Play';
      const marks = { from, to: v.history_length, since, who, line: '', spectator: true };
      this.turnMarks = marks;
      void this.api
        .record(this.id)
        .then((r) => {
          const actions = ((r ?? {}) as { actions?: unknown[] }).actions ?? [];
          marks.line = sidesSummary(theirs, recordSideOf(actions, this.sideOrder), this.sideOrder, name);
          if (this.turnMarks === marks) this.renderTurnSummary();
        })
        .catch(() => {
          marks.line = turnSummary(theirs);
          if (this.turnMarks === marks) this.renderTurnSummary();
        });
    }
    this.renderTurnSummary();
    this.renderBoard();
    if (this.watchEveryTurn()) void this.watch();
  }

  /** The sides this screen does not play (more than one: a spectator's page). */
  private othersOf(v: GameView): string[] {
    return Object.keys(v.players).filter((p) => p !== this.viewer);
  }

  /** A finished game first seen at its end: summarised from its first position to its last. */
  private async summariseWholeGame(v: GameView): Promise<void> {
    try {
      const start = await this.api.at(this.id, 0, this.viewer ?? undefined);
      if (this.destroyed || this.view?.history_length !== v.history_length || this.waitedFrom !== null) return;
      this.waitedFrom = 0;
      this.waitedState = start.state;
      this.summariseOtherTurn(v);
    } catch (e) {
      this.showToast((e as Error).message);
    }
  }

  /** The other side's turn in a line, with its step-by-step watch and the setting to always watch. */
  private renderTurnSummary(): void {
    const t = this.turnMarks;
    this.turnEl.hidden = !t;
    if (!t) {
      replace(this.turnEl);
      return;
    }
    this.turnEl.dataset.from = String(t.from);
    this.turnEl.dataset.to = String(t.to);
    this.turnEl.classList.toggle('watching', !!this.watching);
    const always = h('input', {
      type: 'checkbox',
      'data-testid': 'watch-always',
      onchange: (e: Event) => this.setWatchEveryTurn((e.target as HTMLInputElement).checked),
    }) as HTMLInputElement;
    always.checked = this.watchEveryTurn();
    replace(
      this.turnEl,
      h(
        'div',
        {},
        t.spectator ? null : h('span', { class: 'waited' }, 'While you waited — '),
        h('strong', {}, t.spectator ? `${t.who}: ` : `${possessive(t.who)} turn: `),
        t.line || (t.spectator ? '…' : 'no moves or attacks'),
        '. ',
        h('span', { class: 'muted' }, 'Trails on the map show each move; red tags, each result.'),
      ),
      this.watching
        ? h('div', { class: 'watch-step', 'data-testid': 'watch-step' }, h('strong', {}, `Decision ${this.watching.at} of ${t.to}: `), this.watching.caption || '…')
        : null,
      h(
        'div',
        { class: 'turn-actions' },
        this.watching
          ? h('button', { class: 'subtle', 'data-testid': 'watch-stop', onclick: () => this.stopWatch() }, '■ Skip to now')
          : h('button', { class: 'subtle', 'data-testid': 'watch-turn', title: 'Plays the turn again on the map, one decision at a time', onclick: () => void this.watch() }, '▶ Watch it step by step'),
        h('label', { title: 'Every turn of the other side plays out on the map at a readable pace' }, always, ' always watch'),
        h('button', { class: 'ghost', 'data-testid': 'turn-clear', onclick: () => this.clearTurnMarks() }, 'Clear marks'),
      ),
    );
  }

  private watchEveryTurn(): boolean {
    try {
      return window.localStorage?.getItem(WATCH_KEY) === '1';
    } catch {
      return false;
    }
  }

  private setWatchEveryTurn(on: boolean): void {
    try {
      window.localStorage?.setItem(WATCH_KEY, on ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }

  /**
   * Plays the other side's last turn on the map, one history step at a time at a readable pace:
   * each step's trail and result marked, the log growing with it; then the live position again.
   */
  private async watch(): Promise<void> {
    const t = this.turnMarks;
    if (!t || this.replayAt !== null) return;
    const run = ++this.watchRun;
    let since = t.since;
    this.watching = { at: t.from, since, caption: '' };
    this.renderTurnSummary();
    try {
      for (let n = t.from + 1; n <= t.to; n++) {
        const v = await this.api.at(this.id, n, this.viewer ?? undefined);
        if (run !== this.watchRun || this.destroyed) return;
        const step = this.events.filter((e) => e.step === n - 1);
        this.shown = v;
        this.watching = { at: n, since, caption: step.map((e) => e.text).join('; ') };
        this.renderTurnSummary();
        this.renderAll();
        since = v.state;
        await new Promise((r) => window.setTimeout(r, step.length > 0 ? WATCH_STEP_MS : WATCH_QUIET_MS));
        if (run !== this.watchRun || this.destroyed) return;
      }
    } catch (e) {
      this.showToast((e as Error).message);
    }
    if (run === this.watchRun) this.stopWatch();
  }

  private stopWatch(): void {
    this.watchRun++;
    if (this.watching === null) return;
    this.watching = null;
    this.shown = this.replayAt === null ? this.view : this.shown;
    this.renderTurnSummary();
    this.renderAll();
  }

  /** The person decides (or undoes): the marks of the other side's turn go. */
  private clearTurnMarks(): void {
    if (this.watching) this.stopWatch();
    if (!this.turnMarks) return;
    this.turnMarks = null;
    this.renderTurnSummary();
    this.renderBoard();
  }

  /**
   * "While you waited" (issue 20): said by the turn's summary in the side panel, which lights up
   * for a few seconds, never by a message over the board; with the panel folded, its tool is
   * marked until the panel is opened.
   */
  private sayWaited(): void {
    this.turnEl.classList.add('fresh');
    window.setTimeout(() => this.turnEl.classList.remove('fresh'), 5000);
    if (this.el.classList.contains('side-hidden')) this.el.querySelector('[data-testid="side-toggle"]')?.classList.add('news');
  }

  private showToast(msg: string): void {
    this.toast.textContent = msg;
    this.toast.classList.add('on');
    window.setTimeout(() => this.toast.classList.remove('on'), 5000);
  }

  private fail(e: unknown): void {
    replace(
      this.el,
      h(
        'div',
        { class: 'panel fatal' },
        h('h2', {}, 'This game cannot be shown'),
        h('p', {}, e instanceof Error ? e.message : String(e)),
        h('button', { onclick: () => this.onLobby() }, 'Back to the lobby'),
      ),
    );
  }
}

/** How the game's dice are drawn, in one line. */
export function diceText(dice: Dice | undefined): string {
  if (!dice) return '';
  if (dice.draw === 'committed') {
    const c = (dice.commitment ?? '').slice(0, 12);
    return dice.secret
      ? `Dice: drawn from the secret ${dice.secret.slice(0, 12)}…, whose SHA-256 is the commitment ${c}… published at the start (carroccio replay checks every roll).`
      : `Dice: secret, committed to as ${c}…; the secret is revealed when the battle ends.`;
  }
  return `Dice: public seed ${dice.seed ?? '?'} (anyone can work out every roll).`;
}

/** The dice in a few words, on the title's line (`diceText`, the whole sentence, is its tooltip). */
export function diceShort(dice: Dice): string {
  if (dice.draw === 'committed') return dice.secret ? 'Dice: secret, now revealed' : 'Dice: secret, committed';
  return `Dice: public seed ${dice.seed ?? '?'}`;
}

/** What the board lets the player do now, in one line. */
export function boardHint(legal: Action[]): string {
  const kinds = new Set(legal.map((a) => a.kind));
  if (kinds.has('activate')) return 'A chit of yours was drawn: activate the leader, or decline.';
  if (kinds.has('destination')) return 'Click a green hex to move there (the unit’s own hex: stay).';
  // Moves of several pieces at once: decisions that name the piece they move (no pick step).
  if (new Set(legal.filter((a) => (a.kind === 'move' || a.kind === 'turn') && typeof a.mover === 'string').map((a) => a.mover)).size > 1)
    return 'Drag a ringed element and drop it anywhere: the rules price the move or say why not. Click one to see its candidate moves (dots) and where it may go (green).';
  if (kinds.has('move') || kinds.has('hold'))
    return 'Click a dot or anywhere in the green area, or drag the unit there (the wheel turns it while dragging); an arrow turns it in place; click the unit itself to hold.';
  if (kinds.has('shoot')) return 'Click a red-ringed enemy to shoot at it (click one of your archers first to choose who shoots), or end shooting.';
  if (kinds.has('melee')) return 'Click a red-ringed enemy to fight it.';
  if (kinds.has('select-unit') || kinds.has('select-leader')) return 'Click a ringed counter or star to move it, or end movement.';
  if (kinds.has('target')) return 'Click a red-ringed enemy to attack it, or end combat.';
  if (kinds.has('add-attacker') || kinds.has('add-charger')) return 'Click orange-ringed units to add attackers, then Resolve.';
  if (kinds.has('replacement')) return 'Choose the unit the replacement leader joins.';
  return '';
}

