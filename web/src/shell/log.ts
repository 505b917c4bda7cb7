// The event log: what was rolled, what it caused, and the rule clause behind it; newest at the
// bottom, following the end unless the reader has scrolled up.

import type { GameEvent } from '../api';
import { h, replace } from './dom';

/** The dice shown beside an event: bma writes data.die (d6/d10) or data.roll (2d6). */
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

export class EventLogPanel {
  readonly el: HTMLElement;
  private list: HTMLElement;
  private count: HTMLElement;
  private shown = 0;
  private filterStep: number | null = null;

  constructor() {
    this.list = h('ol', { class: 'log-list', 'data-testid': 'event-log' });
    this.count = h('span', { class: 'muted small' });
    this.el = h('section', { class: 'panel log' }, h('h3', {}, 'Event log ', this.count), this.list);
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

  /** Scrolls to the newest event (after the log's box has changed size). */
  followEnd(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }

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
        e.text,
      ),
      e.rule ? h('span', { class: 'ev-rule', title: 'rule clause', 'data-testid': 'rule' }, e.rule) : h('span', {}),
    );
  }
}
