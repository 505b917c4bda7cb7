// The event log: what was rolled, what it caused, and the rule clause behind it; newest at the
// bottom, following the end unless the reader has scrolled up.

import type { GameEvent } from '../api';
import { h, replace } from './dom';
import { citation, withLegend, type RulesIndex } from './rules';

/** The dice shown beside an event: data.die (one die), data.roll (2d6) or data.dice (several). */
export function eventDice(e: GameEvent): number[] {
  const d = e.data ?? {};
  const out: number[] = [];
  for (const k of ['die', 'roll', 'dice']) {
    const v = (d as Record<string, unknown>)[k];
    if (typeof v === 'number') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'number') out.push(x);
  }
  return out;
}

const KIND_CLASS: Record<string, string> = {
  combat: 'k-combat',
  odds: 'k-combat',
  eliminated: 'k-loss',
  rout: 'k-loss',
  disorder: 'k-warn',
  leader: 'k-leader',
  carroccio: 'k-loss',
  victory: 'k-victory',
  turn: 'k-turn',
  phase: 'k-turn',
  draw: 'k-draw',
  activation: 'k-draw',
  morale: 'k-morale',
  rally: 'k-morale',
  move: 'k-move',
  chit: 'k-draw',
};

/**
 * A piece as the log writes it in place of its whole name: the short label the position gives it
 * (`label` of a unit in the state: its type and number, "knights #2", without its side) on the
 * side's colours as the board paints it, the whole name in its hover text (issue 20, point 3: an
 * entry on two lines at 1366 px).
 */
export interface LogPiece {
  id: string;
  /** A form the log names it by (one piece for each form). */
  name: string;
  label: string;
  colours: [string, string] | null; // fill and ink, as the board paints the side
  /** Its whole name, for the hover text (its longest form). */
  title?: string;
}

/**
 * The log's pieces from a position's units: those the position gives a short label, each by
 * every form the log names it by: its `log_names` where the position lists them (a name with its
 * troop, with its command: "Milanese knights #2 (Hc(i)) of Guido's command"), else its `name`.
 */
export function logPieces(units: unknown, colours: (side: string) => [string, string] | null): LogPiece[] {
  if (!Array.isArray(units)) return [];
  const out: LogPiece[] = [];
  for (const u of units as Record<string, unknown>[]) {
    if (typeof u.label !== 'string' || !u.label) continue;
    const listed = Array.isArray(u.log_names) ? u.log_names.filter((n): n is string => typeof n === 'string' && n.length > 0) : [];
    const names = listed.length ? listed : typeof u.name === 'string' && u.name ? [u.name] : [];
    if (!names.length) continue;
    const title = names.reduce((a, b) => (b.length > a.length ? b : a));
    const side = colours(String(u.side ?? ''));
    for (const name of names) out.push({ id: String(u.id ?? ''), name, label: u.label, colours: side, title });
  }
  return out;
}

/**
 * A text cut where it names a piece: its strings between the names, and the pieces named (the
 * longest name first where one begins another: "the Red levies #1" is not "the Red levies #10";
 * any case, as a sentence may start with the name).
 */
export function splitByPieces(text: string, pieces: LogPiece[]): (string | LogPiece)[] {
  if (!pieces.length) return [text];
  const byName = new Map(pieces.map((p) => [p.name.toLowerCase(), p]));
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const re = new RegExp(`(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w#])`, 'gi');
  const out: (string | LogPiece)[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    out.push(byName.get(m[0].toLowerCase())!);
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export class EventLogPanel {
  readonly el: HTMLElement;
  private list: HTMLElement;
  private count: HTMLElement;
  private shown = 0;
  private filterStep: number | null = null;
  private rules: RulesIndex | null = null;
  private pieces: LogPiece[] = [];
  private piecesKey = '';

  constructor() {
    this.list = h('ol', { class: 'log-list', 'data-testid': 'event-log' });
    this.count = h('span', { class: 'muted small' });
    // A drawer: its title folds the list away, leaving the decisions more room.
    const title = h('h3', { class: 'log-title', title: 'Fold or unfold the event log', 'data-testid': 'log-toggle' }, 'Event log ', this.count);
    this.el = h('section', { class: 'panel log' }, title, this.list);
    // Folded or not as the player sees it: a list the layout cuts to its latest entry (the odds
    // being weighed, .weighing in styles.css) is unfolded by the click and stays so ('unfolded').
    title.addEventListener('click', () => {
      const cut = [...this.list.children].some((li) => getComputedStyle(li).display === 'none');
      const open = getComputedStyle(this.list).display !== 'none' && !cut;
      this.el.classList.toggle('folded', open);
      this.el.classList.toggle('unfolded', !open);
      if (!open) this.followEnd();
    });
  }

  /** The ruleset's rules reference: citations become links, codes get their legend. */
  setRules(rules: RulesIndex | null): void {
    this.rules = rules;
    this.reset();
  }

  /** The pieces written by their labels (logPieces); the entries are written again when they change. */
  setPieces(pieces: LogPiece[]): void {
    const key = pieces.map((p) => `${p.name}\u0000${p.label}\u0000${p.colours?.join(',') ?? ''}`).join('\u0001');
    if (key === this.piecesKey) return;
    this.pieces = pieces;
    this.piecesKey = key;
    this.reset();
  }

  reset(): void {
    replace(this.list);
    this.shown = 0;
  }

  /** Shows events[0..upTo) (upTo: a replay position as a history index, or all). */
  render(events: GameEvent[], uptoStep: number | null = null): void {
    const visible = uptoStep === null ? events : events.filter((e) => e.step < uptoStep);
    if (uptoStep !== this.filterStep || visible.length < this.shown) {
      this.reset();
      this.filterStep = uptoStep;
    }
    const nearBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    for (let i = this.shown; i < visible.length; i++) this.list.appendChild(this.row(visible[i]));
    const added = visible.length > this.shown;
    this.shown = visible.length;
    this.count.textContent = `(${visible.length})`;
    if (added && (nearBottom || uptoStep !== null)) this.list.scrollTop = this.list.scrollHeight;
  }

  /** Marks the events from history step `step` on as the other side's turn (shell/game.ts). */
  markOther(step: number): void {
    for (const li of this.list.querySelectorAll<HTMLElement>('li.ev')) li.classList.toggle('other-turn', Number(li.dataset.step) >= step);
  }

  /** Scrolls to the newest event (after the log's box has changed size). */
  followEnd(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }

  private piece(p: LogPiece): HTMLElement {
    const style = p.colours ? `background:${p.colours[0]};color:${p.colours[1]}` : undefined;
    return h('span', { class: 'ev-piece', title: p.title ?? p.name, 'data-unit': p.id, style }, p.label);
  }

  /**
   * One entry: its kind floats at the start of its first line, the text flows round it and takes
   * the panel's whole width from its second line on, and the citation follows the text's last
   * word (issue 20: an entry on as few lines as its wording allows at 1366 px).
   */
  private row(e: GameEvent): HTMLElement {
    const dice = eventDice(e);
    return h(
      'li',
      { class: `ev ${KIND_CLASS[e.kind] ?? ''}`, 'data-kind': e.kind, 'data-step': e.step },
      h('span', { class: 'ev-kind' }, e.kind),
      h(
        'span',
        { class: 'ev-text' },
        dice.length ? h('span', { class: 'ev-dice' }, dice.map((d) => h('span', { class: 'die', title: 'die roll' }, String(d)))) : null,
        splitByPieces(e.text, this.pieces).flatMap((part) => (typeof part === 'string' ? withLegend(part, this.rules) : [this.piece(part)])),
      ),
      e.rule ? citation(e.rule, this.rules, { 'data-testid': 'rule' }, true) : null,
    );
  }
}

/** "4 moves, 2 shots, 1 melee": the events of a turn counted by kind (chance rolls left out). */
export function turnSummary(events: GameEvent[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const words: Record<string, [string, string]> = {
    move: ['move', 'moves'],
    shoot: ['shot', 'shots'],
    archery: ['archery die', 'archery dice'],
    machine: ['war machine shot', 'war machine shots'],
    melee: ['melee roll', 'melee rolls'],
    charge: ['charge', 'charges'],
    combat: ['combat', 'combats'],
    remove: ['unit removed', 'units removed'],
    loss: ['stand loss', 'stand losses'],
    // What the attacks did, in words (every ruleset's kind of event for it).
    disorder: ['unit disordered', 'units disordered'],
    retreat: ['retreat', 'retreats'],
    rout: ['rout', 'routs'],
    eliminated: ['unit eliminated', 'units eliminated'],
    destroyed: ['element destroyed', 'elements destroyed'],
    surrender: ['surrender', 'surrenders'],
    captured: ['unit captured', 'units captured'],
  };
  const parts: string[] = [];
  for (const [kind, n] of counts) {
    const w = words[kind];
    if (w) parts.push(`${n} ${n === 1 ? w[0] : w[1]}`);
  }
  return parts.join(', ');
}

/**
 * A stretch of play by several sides (a game between agents, watched), side by side: "the
 * Imperial army: 58 moves, 12 combats, 3 routs; the Lombard League: 48 moves" — each event
 * counted for the side whose decision emitted it (`sideOf` its step; chance steps and sides with
 * nothing to count left out), the sides in `order`.
 */
export function sidesSummary(events: GameEvent[], sideOf: (step: number) => string | null, order: string[], sideName: (side: string) => string): string {
  const bySide = new Map<string, GameEvent[]>();
  for (const e of events) {
    const side = sideOf(e.step);
    if (!side) continue;
    if (!bySide.has(side)) bySide.set(side, []);
    bySide.get(side)!.push(e);
  }
  const sides = [...order.filter((s) => bySide.has(s)), ...[...bySide.keys()].filter((s) => !order.includes(s))];
  return sides
    .map((s) => [sideName(s), turnSummary(bySide.get(s) ?? [])])
    .filter(([, line]) => line)
    .map(([name, line]) => `${name}: ${line}`)
    .join('; ');
}

/**
 * Which side took each history step, from a game record's actions ([player, action, name], the
 * player a place in `order`): a chance step (player -1: the die of a shot or a fight) counts
 * for the side whose decision it follows, so that what the roll did is that side's.
 */
export function recordSideOf(actions: unknown[], order: string[]): (step: number) => string | null {
  return (step) => {
    for (let n = Math.min(step, actions.length - 1); n >= 0; n--) {
      const a = actions[n];
      const p = Array.isArray(a) && typeof a[0] === 'number' ? a[0] : -1;
      if (p >= 0 && p < order.length) return order[p];
    }
    return null;
  };
}

/** An attack or a shot as the board draws it: an arrow from the piece that made it to its target. */
export interface AttackMark {
  from: string;
  to: string;
}

/**
 * The attacks and shots the events name, each pair once in the order first met: every ruleset's
 * event of an attack carries `data.attackers` and `data.targets`, the pieces' ids
 * (core/event_pieces.hpp); an event without them adds nothing.
 */
export function attacksOf(events: GameEvent[]): AttackMark[] {
  const out: AttackMark[] = [];
  const seen = new Set<string>();
  const ids = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string' && v !== '') : []);
  for (const e of events) {
    const data = (e.data ?? {}) as Record<string, unknown>;
    for (const from of ids(data.attackers))
      for (const to of ids(data.targets)) {
        const key = `${from}\u0000${to}`;
        if (from === to || seen.has(key)) continue;
        seen.add(key);
        out.push({ from, to });
      }
  }
  return out;
}
