// The end screen: who won, why, and the score, over the board; dismissed to review the map or
// replay the game.

import type { GameView } from '../api';
import { h } from './dom';

export interface EndSummary {
  headline: string;
  reason: string;
  scores: { side: string; name: string; value: string }[];
  outcome: 'win' | 'loss' | 'draw' | 'neutral';
}

/** What the end screen says, from the view's result (result_summary) and state. */
export function summarizeEnd(v: GameView, viewer: string | null, sideNames: Record<string, string>): EndSummary {
  const res = (v.result ?? {}) as Record<string, unknown>;
  const st = v.state as Record<string, unknown>;
  const winner = (res.winner ?? st.winner ?? null) as string | null;
  const reason = String(res.end_reason ?? st.end_reason ?? '');
  const name = (s: string) => sideNames[s] ?? s;
  let headline: string;
  let outcome: EndSummary['outcome'] = 'neutral';
  if (winner === null || winner === undefined) {
    headline = 'The battle is over';
  } else if (winner === 'draw') {
    headline = 'A drawn battle';
    outcome = 'draw';
  } else {
    headline = `Victory to the ${name(winner)}`;
    if (viewer && viewer in v.players) outcome = viewer === winner ? 'win' : 'loss';
  }
  const score = (res.score ?? {}) as Record<string, unknown>;
  const sides = Array.isArray(st.sides) ? (st.sides as { id: string; name?: string; vp_lost?: number; rout_level?: number }[]) : [];
  const scores = Object.keys(score).map((s) => {
    const side = sides.find((x) => x.id === s);
    const lvl = side?.rout_level !== undefined ? ` of ${side.rout_level}` : '';
    return { side: s, name: name(s), value: `${score[s]}${lvl} VP lost` };
  });
  return { headline, reason, scores, outcome };
}

export function endScreen(sum: EndSummary, turn: string, actions: { onReplay(): void; onClose(): void; onLobby(): void }): HTMLElement {
  return h(
    'div',
    { class: `end-screen ${sum.outcome}`, 'data-testid': 'end-screen', role: 'dialog' },
    h(
      'div',
      { class: 'end-card' },
      h('div', { class: 'end-crest' }, sum.outcome === 'loss' ? '⚑' : '♛'),
      h('h2', { 'data-testid': 'end-headline' }, sum.headline),
      sum.outcome === 'win' ? h('div', { class: 'end-you' }, 'You have won the day.') : sum.outcome === 'loss' ? h('div', { class: 'end-you' }, 'Your army is beaten.') : null,
      sum.reason ? h('p', { class: 'end-reason', 'data-testid': 'end-reason' }, `${sum.reason.charAt(0).toUpperCase()}${sum.reason.slice(1)}${turn ? `, ${turn}` : ''}.`) : null,
      sum.scores.length ? h('table', { class: 'end-scores' }, h('tbody', {}, sum.scores.map((s) => h('tr', {}, h('td', {}, s.name), h('td', {}, s.value))))) : null,
      h(
        'div',
        { class: 'end-buttons' },
        h('button', { class: 'primary', 'data-testid': 'end-replay', onclick: actions.onReplay }, 'Replay the battle'),
        h('button', { onclick: actions.onClose }, 'View the map'),
        h('button', { onclick: actions.onLobby }, 'New battle'),
      ),
    ),
  );
}
