import { describe, expect, it } from 'vitest';
import { Api } from '../src/api';
import { diceShort, diceText } from '../src/shell/game';
import { canDelete, seedToSend } from '../src/shell/lobby';
import { gameHash, parseRoute } from '../src/shell/route';
import { looksLikeToken, MAX_TOKENS, SeatBook, seatLink, type KeyValueStore } from '../src/shell/seats';

class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
}

const T1 = '0123456789abcdef0123456789abcdef';
const T2 = 'fedcba9876543210fedcba9876543210';
const OWNER = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

describe('seats kept in the browser', () => {
  it('remembers the seats of a game and gives its tokens', () => {
    const book = new SeatBook(new MemoryStore());
    book.remember('g-1', { imperial: T1, lombard: T2 }, OWNER, 'bma/legnano');
    expect(book.tokensFor('g-1')).toEqual([T1, T2, OWNER]);
    expect(book.get('g-1')?.title).toBe('bma/legnano');
    expect(book.tokensFor('g-2')).toEqual([]);
  });
  it('adds a seat opened from a link to what it holds, newest game first', () => {
    const store = new MemoryStore();
    const book = new SeatBook(store);
    book.remember('g-1', { imperial: T1 });
    book.remember('g-2', { red: T2 });
    book.remember('g-1', { lombard: T2 });
    expect(book.get('g-1')?.seats).toEqual({ imperial: T1, lombard: T2 });
    expect(book.all().map((e) => e.id)).toEqual(['g-1', 'g-2']);
    // Kept across page loads (a new book on the same storage).
    expect(new SeatBook(store).allTokens()).toEqual([T1, T2, T2]);
  });
  it('ignores what is not a token and forgets a deleted game', () => {
    const book = new SeatBook(new MemoryStore());
    book.remember('g-1', { imperial: 'not a token', lombard: T1 }, 'nope');
    expect(book.tokensFor('g-1')).toEqual([T1]);
    book.forget('g-1');
    expect(book.all()).toEqual([]);
    expect(looksLikeToken(T1)).toBe(true);
    expect(looksLikeToken(T1.toUpperCase())).toBe(false);
  });
  it('survives broken storage and sends no more tokens than the server takes', () => {
    const store = new MemoryStore();
    store.setItem('carroccio.seats', '{broken');
    const book = new SeatBook(store);
    expect(book.all()).toEqual([]);
    for (let i = 0; i < 150; i++) book.remember(`g-${i}`, { a: T1, b: T2 });
    expect(book.allTokens().length).toBe(MAX_TOKENS);
  });
});

describe('seat links', () => {
  it('carry the side and the token, and the route reads them back', () => {
    const link = seatLink('http://127.0.0.1:8080/', 'g-12', 'lombard', T1);
    expect(link).toBe(`http://127.0.0.1:8080/#/game/g-12?as=lombard&seat=${T1}`);
    expect(parseRoute(link.slice(link.indexOf('#')))).toEqual({ page: 'game', id: 'g-12', viewer: 'lombard', seat: T1 });
    // Without the token, the address the browser keeps.
    expect(parseRoute(gameHash('g-12', 'lombard'))).toEqual({ page: 'game', id: 'g-12', viewer: 'lombard' });
  });
});

describe('the lobby and the seats', () => {
  it('sends no seed unless one is typed: the dice stay secret', () => {
    expect(seedToSend('')).toBeUndefined();
    expect(seedToSend('  ')).toBeUndefined();
    expect(seedToSend('42')).toBe(42);
    expect(seedToSend('-1')).toBeUndefined();
  });
  it('offers to delete only a game whose every person seat it holds', () => {
    const players = { imperial: 'human', lombard: 'human' };
    expect(canDelete(players, { imperial: T1, lombard: T2 })).toBe(true);
    expect(canDelete(players, { imperial: T1 })).toBe(false);
    expect(canDelete({ a: 'random', b: 'mcts' }, {}, OWNER)).toBe(true);
    expect(canDelete({ a: 'random', b: 'mcts' }, {})).toBe(false);
  });
  it('says how the dice are drawn', () => {
    expect(diceText({ draw: 'committed', commitment: 'ab'.repeat(32), secret: null })).toContain('secret, committed to');
    expect(diceText({ draw: 'committed', commitment: 'ab'.repeat(32), secret: 'cd'.repeat(32) })).toContain('carroccio replay');
    expect(diceText({ draw: 'indexed', seed: 7 })).toContain('public seed 7');
    // The title's line says it in a few words; the sentence is its tooltip.
    expect(diceShort({ draw: 'indexed', seed: 7 })).toBe('Dice: public seed 7');
    expect(diceShort({ draw: 'committed', commitment: 'ab'.repeat(32), secret: null })).toBe('Dice: secret, committed');
    expect(diceShort({ draw: 'committed', commitment: 'ab'.repeat(32), secret: 'cd'.repeat(32) })).toBe('Dice: secret, now revealed');
  });
});

describe('the API client and the seats', () => {
  it('sends a game’s tokens with each request about it, and all of them for the list', async () => {
    const sent: { url: string; headers: Record<string, string> | undefined }[] = [];
    const fetchFn = async (url: string, init?: RequestInit) => {
      sent.push({ url, headers: init?.headers as Record<string, string> | undefined });
      return new Response('[]', { status: 200 });
    };
    const api = new Api('', fetchFn, (id) => (id === null ? [T1, T2] : id === 'g-1' ? [T1] : []));
    await api.game('g-1');
    await api.games();
    await api.game('g-2');
    await api.deleteGame('g-1');
    expect(sent[0].headers?.['Seat-Token']).toBe(T1);
    expect(sent[1].headers?.['Seat-Token']).toBe(`${T1},${T2}`);
    expect(sent[2].headers).toBeUndefined();
    expect(sent[3].url).toBe('/api/games/g-1');
    expect(sent[3].headers?.['Seat-Token']).toBe(T1);
  });
});
