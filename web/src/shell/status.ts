// The status panel: turn, phase, whose turn it is, victory points lost against rout levels,
// the chit just drawn and how many are left in the cup. It reads optional, common fields of a
// state (turn, turns, phase, sides[].vp_lost/rout_level, cup_count, leaders, active_leader),
// so a ruleset without them simply shows less.

import type { GameEvent, GameView } from '../api';
import { h, replace, titleCase } from './dom';

const PHASES: Record<string, string> = {
  draw: 'Drawing a chit from the cup',
  'activate-choice': 'Activate or decline the leader drawn',
  replacement: 'Choose where the replacement leader joins',
  'move-select': 'Movement: choose a piece to move',
  'move-destination': 'Movement: choose its destination',
  'combat-target': 'Combat: choose an enemy to attack',
  'combat-build': 'Combat: add attackers, then resolve',
  resolving: 'Resolving dice and checks',
  over: 'The battle is over',
};

export function phaseText(phase: unknown): string {
  if (typeof phase !== 'string' || !phase) return '';
  return PHASES[phase] ?? titleCase(phase);
}

interface SideRow {
  id: string;
  name: string;
  vp_lost?: number;
  rout_level?: number;
}

/** The fraction of its rout level a side has lost, clamped to [0, 1]. */
export function routFraction(s: { vp_lost?: number; rout_level?: number }): number {
  if (typeof s.vp_lost !== 'number' || typeof s.rout_level !== 'number' || s.rout_level <= 0) return 0;
  return Math.max(0, Math.min(1, s.vp_lost / s.rout_level));
}

/** The leader whose chit was drawn last, from the event log (kind "draw", data.leader). */
export function lastDraw(events: GameEvent[]): { leader: string; setAside: boolean } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === 'draw' && typeof e.data?.leader === 'string')
      return { leader: e.data.leader as string, setAside: e.data.set_aside === true };
    if (e.kind === 'turn') return null; // a new turn: nothing drawn yet
  }
  return null;
}

export function whoseTurn(v: GameView, viewer: string | null, sideName: (id: string) => string): { text: string; cls: string } {
  if (v.terminal) return { text: 'Game over', cls: 'over' };
  if (v.current_player === 'chance') return { text: 'Rolling dice…', cls: 'busy' };
  const side = v.current_player;
  const player = v.players[side] ?? '';
  if (player === 'human') {
    if (viewer === side || viewer === null) return { text: `${sideName(side)}: your decision`, cls: 'yours' };
    return { text: `${sideName(side)} (a person) to decide`, cls: 'theirs' };
  }
  return { text: `${sideName(side)} (${player}) is thinking…`, cls: 'busy' };
}

export class StatusPanel {
  readonly el: HTMLElement;

  constructor() {
    this.el = h('section', { class: 'panel status', 'data-testid': 'status' });
  }

  render(v: GameView, viewer: string | null, events: GameEvent[], sideNames: Record<string, string>, replaying: boolean): void {
    const st = v.state as Record<string, unknown>;
    const name = (id: string) => sideNames[id] ?? titleCase(id);
    const sides: SideRow[] = Array.isArray(st.sides) ? (st.sides as SideRow[]) : [];
    const leaders = Array.isArray(st.leaders) ? (st.leaders as { id: string; name: string; side: string; chits_in_cup?: number }[]) : [];
    const leaderName = (id: string) => leaders.find((l) => l.id === id)?.name ?? id;
    const leaderSide = (id: string) => leaders.find((l) => l.id === id)?.side ?? '';
    const sideIdx = (id: string) => Math.max(0, sides.findIndex((s) => s.id === id));
    const who = whoseTurn(v, viewer, name);
    const turn = typeof st.turn === 'number' ? `Turn ${st.turn}${typeof st.turns === 'number' ? ` of ${st.turns}` : ''}` : '';
    const draw = lastDraw(events);
    const active = typeof st.active_leader === 'string' ? st.active_leader : null;
    const cup = typeof st.cup_count === 'number' ? st.cup_count : null;

    replace(
      this.el,
      h(
        'div',
        { class: 'status-head' },
        h('div', { class: 'turn', 'data-testid': 'turn' }, turn || v.status_line),
        h('div', { class: `whose ${replaying ? 'replay' : who.cls}`, 'data-testid': 'whose-turn' }, replaying ? 'Replay' : who.text),
      ),
      h('div', { class: 'phase', 'data-testid': 'phase' }, phaseText(st.phase)),
      cup !== null || draw || active
        ? h(
            'div',
            { class: 'chits' },
            h('span', { class: 'label' }, 'Chit drawn'),
            h(
              'div',
              { class: 'chit-slot', 'data-testid': 'chit-drawn' },
              draw
                ? h(
                    'span',
                    { class: `chit side-${sideIdx(leaderSide(draw.leader))}`, title: leaderName(draw.leader) },
                    h('span', { class: 'chit-star' }, '★'),
                    h('span', { class: 'chit-name' }, leaderName(draw.leader)),
                    draw.setAside ? h('span', { class: 'small' }, ' (set aside)') : null,
                  )
                : h('span', { class: 'muted' }, '—'),
            ),
            cup !== null ? h('span', { class: 'label cup-label' }, 'In the cup') : null,
            cup !== null
              ? h(
                  'div',
                  { class: 'cup-slot', 'data-testid': 'cup' },
                  h('span', { class: 'cup-count' }, String(cup)),
                  h('span', { class: 'cup-pips' }, Array.from({ length: Math.min(cup, 30) }, () => h('i', {}))),
                )
              : null,
            active ? h('span', { class: `label active-label${draw && draw.leader === active ? ' same' : ''}` }, 'Active') : null,
            active ? h('div', { class: `active-slot${draw && draw.leader === active ? ' same' : ''}` }, leaderName(active)) : null,
          )
        : null,
      sides.some((s) => typeof s.rout_level === 'number')
        ? h(
            'div',
            { class: 'vp', 'data-testid': 'vp' },
            h('div', { class: 'label' }, 'Victory points lost · rout level'),
            sides.map((s, i) =>
              h(
                'div',
                { class: `vp-row side-${i}` },
                h('div', { class: 'vp-name' }, s.name ?? name(s.id), h('span', { class: 'vp-player' }, v.players[s.id] ? ` · ${v.players[s.id]}` : '')),
                h(
                  'div',
                  { class: 'vp-bar', title: `${s.vp_lost} of ${s.rout_level} VP lost` },
                  h('div', { class: 'vp-fill', style: `width:${(routFraction(s) * 100).toFixed(1)}%` }),
                  h('div', { class: 'vp-text' }, `${s.vp_lost ?? 0} / ${s.rout_level}`),
                ),
              ),
            ),
          )
        : null,
    );
  }
}
