// The end screen: who won, why, and the score, over the board; dismissed to review the map or
// replay the game.

import type { GameView } from '../api';
import { h } from './dom';

export interface EndSummary {
  headline: string;
  reason: string;
  /** What the scores count, as the ruleset names it (result_summary's score_label). */
  scoreLabel: string;
  scores: { side: string; name: string; value: string }[];
  outcome: 'win' | 'loss' | 'draw' | 'neutral';
  /** Who is ahead on points (result_summary's points.text), shown for a drawn game; '' if none. */
  points: string;
}

/**
 * The headline for a winner: the side's name as the scenario gives it, never with an article
 * added ("The Bishop's host" stays as it is; "Lombard League" is not made "the Lombard League").
 */
export function victoryHeadline(sideName: string): string {
  return `Victory: ${sideName}`;
}

/** What the end screen says, from the view's result (result_summary) and state. */
export function summarizeEnd(v: GameView, viewer: string | null, sideNames: Record<string, string>): EndSummary {
  const res = (v.result ?? {}) as Record<string, unknown>;
  const st = v.state as Record<string, unknown>;
  // No winner is null in some rulesets' summaries and "" in others.
  const rawWinner = res.winner ?? st.winner ?? null;
  const winner = typeof rawWinner === 'string' && rawWinner !== '' ? rawWinner : null;
  const reason = String(res.end_reason ?? st.end_reason ?? '');
  const name = (s: string) => sideNames[s] ?? s;
  let headline: string;
  let outcome: EndSummary['outcome'] = 'neutral';
  if (winner === null) {
    headline = 'The battle is over';
  } else if (winner === 'draw') {
    headline = 'A drawn battle';
    outcome = 'draw';
  } else {
    headline = victoryHeadline(name(winner));
    if (viewer && viewer in v.players) outcome = viewer === winner ? 'win' : 'loss';
  }
  const scoreLabel = typeof res.score_label === 'string' && res.score_label ? res.score_label : 'Score';
  const score = (res.score ?? {}) as Record<string, unknown>;
  const sides = Array.isArray(st.sides) ? (st.sides as { id: string; name?: string; vp_lost?: number; rout_level?: number }[]) : [];
  const scores = Object.keys(score).map((s) => {
    const side = sides.find((x) => x.id === s);
    // A score counted against a limit (VP lost against a rout level) shows the limit.
    const lvl = side?.rout_level !== undefined ? ` of ${side.rout_level}` : '';
    return { side: s, name: name(s), value: `${String(score[s])}${lvl}` };
  });
  const pts = (res.points ?? null) as { text?: unknown } | null;
  const pointsText = pts && typeof pts.text === 'string' ? pts.text : '';
  // The rules' result stays the headline; a draw also says who is ahead on points.
  const points = winner === 'draw' && pointsText ? `${pointsText.charAt(0).toUpperCase()}${pointsText.slice(1)}.` : '';
  return { headline, reason, scoreLabel, scores, outcome, points };
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
      sum.points ? h('p', { class: 'end-points', 'data-testid': 'end-points' }, sum.points) : null,
      sum.scores.length
        ? h(
            'table',
            { class: 'end-scores', 'data-testid': 'end-scores' },
            h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', { 'data-testid': 'end-score-label' }, sum.scoreLabel))),
            h('tbody', {}, sum.scores.map((s) => h('tr', {}, h('td', {}, s.name), h('td', {}, s.value)))),
          )
        : null,
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
