import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/api';
import { summarizeEnd, victoryHeadline } from '../src/shell/endscreen';

// Views as the server sends them at the end: result is the ruleset's result_summary.
const bmaEnd = {
  players: { imperial: 'human', lombard: 'random' },
  state: { sides: [{ id: 'imperial', rout_level: 52 }, { id: 'lombard', rout_level: 58 }] },
  result: { winner: 'lombard', end_reason: 'rout level', score_label: 'Victory points lost', score: { imperial: 55, lombard: 20 }, turn: 6 },
} as unknown as GameView;

const fastplayEnd = {
  players: { count: 'human', bishop: 'random' },
  state: { sides: [{ id: 'count' }, { id: 'bishop' }] },
  result: { winner: 'count', end_reason: 'turn limit', score_label: 'Enemy stands eliminated', score: { count: 3, bishop: 1 }, turn: 12 },
} as unknown as GameView;
const fastplayNames = { count: "The Count's host", bishop: "The Bishop's host" };

describe('end screen headline', () => {
  it('uses a side name that has its own article as it is', () => {
    const s = summarizeEnd(fastplayEnd, 'count', fastplayNames);
    expect(s.headline).toBe("Victory: The Count's host");
    expect(s.headline).not.toMatch(/the the/i);
    expect(s.outcome).toBe('win');
  });
  it('adds no article to a side name without one', () => {
    const s = summarizeEnd(bmaEnd, 'imperial', { imperial: 'Imperial army', lombard: 'Lombard League' });
    expect(s.headline).toBe('Victory: Lombard League');
    expect(victoryHeadline('Lombard League')).not.toMatch(/\bthe\b/i);
    expect(s.outcome).toBe('loss');
  });
  it('names no winner when the summary gives none (null or an empty string)', () => {
    for (const winner of [null, '']) {
      const v = { ...fastplayEnd, result: { ...(fastplayEnd.result as object), winner } } as unknown as GameView;
      const s = summarizeEnd(v, 'count', fastplayNames);
      expect(s.headline).toBe('The battle is over');
      expect(s.outcome).toBe('neutral');
    }
  });
  it('calls a draw a draw, for neither side', () => {
    const v = { ...fastplayEnd, result: { ...(fastplayEnd.result as object), winner: 'draw' } } as unknown as GameView;
    const s = summarizeEnd(v, 'count', fastplayNames);
    expect(s.headline).toBe('A drawn battle');
    expect(s.outcome).toBe('draw');
  });
  it('says who is ahead on points in a drawn battle, under the rules\' result', () => {
    const points = { ahead: 'lombard', label: 'VP lost', shown: { imperial: '31 of 52', lombard: '14 of 58' }, text: 'Lombard League ahead on points, VP lost 14 of 58 to 31 of 52' };
    const v = { ...bmaEnd, result: { ...(bmaEnd.result as object), winner: 'draw', end_reason: 'turn limit', points } } as unknown as GameView;
    const s = summarizeEnd(v, 'imperial', { imperial: 'Imperial army', lombard: 'Lombard League' });
    expect(s.headline).toBe('A drawn battle');
    expect(s.points).toBe('Lombard League ahead on points, VP lost 14 of 58 to 31 of 52.');
    const won = summarizeEnd({ ...bmaEnd, result: { ...(bmaEnd.result as object), points } } as unknown as GameView, 'imperial', {});
    expect(won.points).toBe('');
  });
});

describe('end screen scores', () => {
  it('labels the scores with the score_label of the result', () => {
    const s = summarizeEnd(fastplayEnd, 'count', fastplayNames);
    expect(s.scoreLabel).toBe('Enemy stands eliminated');
    expect(s.scores).toEqual([
      { side: 'count', name: "The Count's host", value: '3' },
      { side: 'bishop', name: "The Bishop's host", value: '1' },
    ]);
    // Not bma's wording: fastplay counts stands eliminated, not victory points.
    expect(s.scores.map((x) => x.value).join(' ')).not.toContain('VP');
  });
  it('shows a rout level beside a score counted against one (bma)', () => {
    const s = summarizeEnd(bmaEnd, 'imperial', { imperial: 'Imperial army', lombard: 'Lombard League' });
    expect(s.scoreLabel).toBe('Victory points lost');
    expect(s.scores[0].value).toBe('55 of 52');
    expect(s.scores[1].value).toBe('20 of 58');
  });
  it('falls back to a plain label when the result names none', () => {
    const v = { ...fastplayEnd, result: { winner: 'count', end_reason: 'turn limit', score: { count: 2 } } } as unknown as GameView;
    expect(summarizeEnd(v, 'count', fastplayNames).scoreLabel).toBe('Score');
  });
});
