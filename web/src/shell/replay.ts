// The replay over a finished game: position n shows the game after its first n decisions
// (GET .../at/{n}). Besides stepping one decision at a time it jumps to any turn and any phase of
// a turn (GET .../timeline: where each begins) and plays at a chosen speed.

import type { TimelineMark } from '../api';
import { h, replace, titleCase } from './dom';

/** The speeds offered for playing the replay: milliseconds per decision. */
export const REPLAY_SPEEDS: { ms: number; label: string }[] = [
  { ms: 1000, label: '1 decision a second' },
  { ms: 500, label: '2 a second' },
  { ms: 250, label: '4 a second' },
  { ms: 100, label: '10 a second' },
  { ms: 25, label: '40 a second' },
];

/**
 * The turns of a timeline, each with where it begins and where each of its phases first begins
 * (a phase that comes back within the turn, as the moves and combats of successive activations
 * do, is listed once, at its first start).
 */
export interface TurnMarks {
  turn: string;
  at: number;
  phases: { phase: string; at: number }[];
}

export function turnsOf(marks: TimelineMark[]): TurnMarks[] {
  const out: TurnMarks[] = [];
  for (const m of marks) {
    const turn = m.turn === null || m.turn === undefined ? '' : String(m.turn);
    let t = out[out.length - 1];
    if (!t || t.turn !== turn) {
      t = { turn, at: m.at, phases: [] };
      out.push(t);
    }
    const phase = m.phase === null || m.phase === undefined ? '' : String(m.phase);
    if (phase && !t.phases.some((p) => p.phase === phase)) t.phases.push({ phase, at: m.at });
  }
  return out;
}

/** The turn position n lies in (an index into `turns`), and the phase of the last mark at or
 * before it (an index into that turn's phases); -1 when none. */
export function whereIn(turns: TurnMarks[], marks: TimelineMark[], n: number): { turn: number; phase: number } {
  let turn = -1;
  for (let i = 0; i < turns.length; i++) if (turns[i].at <= n) turn = i;
  if (turn < 0) return { turn: -1, phase: -1 };
  let last: TimelineMark | undefined;
  for (const m of marks) if (m.at <= n) last = m;
  const name = last?.phase === null || last?.phase === undefined ? '' : String(last.phase);
  return { turn, phase: turns[turn].phases.findIndex((p) => p.phase === name) };
}

export function phaseLabel(phase: string): string {
  return titleCase(phase).replace(/\s+/g, ' ');
}

/** A state's `turn` or `phase` field as the timeline writes it ('' when there is none). */
export function fieldText(x: unknown): string {
  return typeof x === 'number' || (typeof x === 'string' && x !== '') ? String(x) : '';
}

export class ReplayPanel {
  readonly el: HTMLElement;
  private slider: HTMLInputElement;
  private label: HTMLElement;
  private max = 0;
  private timer: number | null = null;
  private playBtn: HTMLButtonElement;
  private turnSel: HTMLSelectElement;
  private phaseSel: HTMLSelectElement;
  private speedSel: HTMLSelectElement;
  private jumps: HTMLElement;
  private turns: TurnMarks[] = [];
  private marks: TimelineMark[] = [];
  /** The turn and phase of the position shown, from its own state (before the timeline comes). */
  private current = { turn: '', phase: '' };
  /** The turn list holds only the position's own turn (no timeline for it). */
  private placeholder = false;

  constructor(private onSeek: (n: number | null) => void) {
    this.slider = h('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, class: 'replay-slider', 'data-testid': 'replay-slider' });
    this.slider.addEventListener('input', () => this.seek(Number(this.slider.value), false));
    this.label = h('span', { class: 'replay-label small', 'data-testid': 'replay-label' });
    this.playBtn = h('button', { class: 'ghost play', title: 'Play', 'data-testid': 'replay-play', onclick: () => this.togglePlay() }, '▶');
    this.turnSel = h('select', { 'data-testid': 'replay-turn', title: 'Jump to the start of a turn', onchange: () => this.seek(Number(this.turnSel.value), true) });
    this.phaseSel = h('select', { 'data-testid': 'replay-phase', title: 'Jump to a phase of this turn', onchange: () => this.seek(Number(this.phaseSel.value), true) });
    this.speedSel = h(
      'select',
      { 'data-testid': 'replay-speed', title: 'How fast ▶ plays the replay', onchange: () => this.restartTimer() },
      REPLAY_SPEEDS.map((s) => h('option', { value: s.ms, selected: s.ms === 250 }, s.label)),
    );
    this.jumps = h(
      'div',
      { class: 'replay-row replay-jumps small' },
      h('button', { class: 'ghost', title: 'The start of the previous turn', 'data-testid': 'replay-prev-turn', onclick: () => this.jumpTurn(-1) }, '‹ turn'),
      h('label', {}, 'Turn ', this.turnSel),
      h('label', {}, 'Phase ', this.phaseSel),
      h('button', { class: 'ghost', title: 'The start of the next turn', 'data-testid': 'replay-next-turn', onclick: () => this.jumpTurn(1) }, 'turn ›'),
    );
    this.jumps.hidden = true;
    this.el = h(
      'section',
      { class: 'panel replay', 'data-testid': 'replay', 'data-timeline': 'waiting' },
      h('h3', {}, 'Replay'),
      h(
        'div',
        { class: 'replay-row' },
        h('button', { class: 'ghost', title: 'Start', 'data-testid': 'replay-start', onclick: () => this.seek(0, true) }, '«'),
        h('button', { class: 'ghost', title: 'Back one decision', 'data-testid': 'replay-back', onclick: () => this.seek(this.value() - 1, true) }, '‹'),
        this.playBtn,
        h('button', { class: 'ghost', title: 'Forward one decision', 'data-testid': 'replay-forward', onclick: () => this.seek(this.value() + 1, true) }, '›'),
        h('button', { class: 'ghost', title: 'End', 'data-testid': 'replay-end', onclick: () => this.seek(this.max, true) }, '»'),
        this.slider,
      ),
      this.jumps,
      h('div', { class: 'replay-row small' }, h('label', {}, 'Speed ', this.speedSel)),
      this.label,
    );
  }

  setLength(n: number): void {
    const atEnd = this.value() >= this.max;
    this.max = n;
    this.slider.max = String(n);
    if (atEnd) this.slider.value = String(n);
    this.update();
  }

  /** Where each turn and phase begins (GET .../timeline). */
  setMarks(marks: TimelineMark[]): void {
    this.marks = marks;
    this.el.dataset.timeline = 'ready';
    this.turns = turnsOf(marks).filter((t) => t.turn !== '' || t.phases.length > 0);
    this.jumps.hidden = this.turns.length === 0;
    this.fillTurns();
    this.update();
  }

  private fillTurns(): void {
    this.placeholder = false;
    replace(
      this.turnSel,
      this.turns.map((t, i) => h('option', { value: t.at }, t.turn !== '' ? `${t.turn}` : `${i + 1}`)),
    );
  }

  /**
   * The turn and phase of the position the board shows, read from its state: the lists show them
   * while the timeline is still being read (replaying a long game takes the server a while) and
   * wherever the timeline has no mark for the position.
   */
  setCurrent(turn: unknown, phase: unknown): void {
    const next = { turn: fieldText(turn), phase: fieldText(phase) };
    if (next.turn === this.current.turn && next.phase === this.current.phase) return;
    this.current = next;
    this.update();
  }

  value(): number {
    return Number(this.slider.value);
  }

  /** The turn and phase the position lies in, as words ("turn 3, movement"), or ''. */
  private place(v: number): string {
    const w = whereIn(this.turns, this.marks, v);
    if (w.turn < 0) return [this.current.turn ? `turn ${this.current.turn}` : '', this.current.phase ? phaseLabel(this.current.phase).toLowerCase() : ''].filter(Boolean).join(', ');
    const t = this.turns[w.turn];
    const p = w.phase >= 0 ? t.phases[w.phase].phase : '';
    return [t.turn !== '' ? `turn ${t.turn}` : '', p ? phaseLabel(p).toLowerCase() : ''].filter(Boolean).join(', ');
  }

  private update(): void {
    const v = this.value();
    const where = this.place(v);
    this.label.textContent =
      v >= this.max ? `End of the game (${this.max} decisions${where ? `; ${where}` : ''})` : `After decision ${v} of ${this.max}${where ? ` — ${where}` : ''}`;
    // The jump lists follow the position: the turn it is in, and that turn's phases.
    const w = whereIn(this.turns, this.marks, v);
    if (w.turn < 0) {
      // No timeline yet (or no mark here): the position's own turn and phase, not a blank list.
      const { turn, phase } = this.current;
      this.jumps.hidden = this.turns.length === 0 && !turn && !phase;
      replace(this.turnSel, h('option', { value: v }, turn || '–'));
      replace(this.phaseSel, h('option', { value: v }, phase ? phaseLabel(phase) : '–'));
      this.turnSel.disabled = this.phaseSel.disabled = this.turns.length === 0;
      this.placeholder = true;
      return;
    }
    if (w.turn >= 0) {
      this.turnSel.disabled = false;
      if (this.placeholder) this.fillTurns();
      this.turnSel.selectedIndex = w.turn;
      const t = this.turns[w.turn];
      replace(
        this.phaseSel,
        t.phases.map((p) => h('option', { value: p.at }, phaseLabel(p.phase))),
      );
      this.phaseSel.disabled = t.phases.length === 0;
      if (w.phase >= 0) this.phaseSel.selectedIndex = w.phase;
    }
  }

  private jumpTurn(delta: number): void {
    const w = whereIn(this.turns, this.marks, this.value());
    const t = this.turns[Math.max(0, Math.min(this.turns.length - 1, w.turn + delta))];
    if (t) this.seek(t.at, true);
  }

  private seek(n: number, setSlider: boolean): void {
    const v = Math.max(0, Math.min(this.max, n));
    if (setSlider) this.slider.value = String(v);
    this.update();
    this.onSeek(v >= this.max ? null : v);
  }

  private speed(): number {
    return Number(this.speedSel.value) || 250;
  }

  private restartTimer(): void {
    if (this.timer === null) return;
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), this.speed());
  }

  private tick(): void {
    if (this.value() >= this.max) {
      this.togglePlay();
      return;
    }
    this.seek(this.value() + 1, true);
  }

  private togglePlay(): void {
    if (this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
      this.playBtn.textContent = '▶';
      this.playBtn.title = 'Play';
      return;
    }
    if (this.value() >= this.max) this.seek(0, true);
    this.playBtn.textContent = '■';
    this.playBtn.title = 'Stop';
    this.timer = window.setInterval(() => this.tick(), this.speed());
  }

  stop(): void {
    if (this.timer !== null) this.togglePlay();
  }
}
