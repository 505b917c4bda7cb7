// The seats this browser holds: the secret token of every side a person plays here, by game,
// kept in localStorage (docs/api.md, "Seats"). Creating a game stores its seats; opening a seat
// link (#/game/ID?as=SIDE&seat=TOKEN) stores that one seat. Every request about a game sends
// the game's tokens in the Seat-Token header; the lobby's game list sends them all, so the server
// lists only this browser's games.

export interface SeatEntry {
  id: string;
  seats: Record<string, string>; // side -> token
  owner?: string; // the owner token (given to the creator)
  title?: string; // "ruleset/scenario", for the lobby
  saved: string; // ISO time of the last change
}

/** The part of Storage the book needs (localStorage, or a map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = 'carroccio.seats';
/** The server accepts at most this many tokens in one header. */
export const MAX_TOKENS = 256;

export function looksLikeToken(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{32}$/.test(s);
}

export class SeatBook {
  private memory = new Map<string, string>();

  constructor(private store: KeyValueStore | null = browserStore()) {}

  all(): SeatEntry[] {
    let raw: string | null = null;
    try {
      raw = this.store ? this.store.getItem(KEY) : this.memory.get(KEY) ?? null;
    } catch {
      raw = this.memory.get(KEY) ?? null;
    }
    if (!raw) return [];
    try {
      const list = JSON.parse(raw) as unknown;
      if (!Array.isArray(list)) return [];
      return list.filter((e): e is SeatEntry => !!e && typeof e === 'object' && typeof (e as SeatEntry).id === 'string' && typeof (e as SeatEntry).seats === 'object');
    } catch {
      return [];
    }
  }

  get(id: string): SeatEntry | undefined {
    return this.all().find((e) => e.id === id);
  }

  /** Adds seats (and the owner token) of a game to what is kept; newest first. */
  remember(id: string, seats: Record<string, string>, owner?: string, title?: string): void {
    const all = this.all();
    const old = all.find((e) => e.id === id);
    const entry: SeatEntry = {
      id,
      seats: { ...(old?.seats ?? {}) },
      owner: old?.owner,
      title: title ?? old?.title,
      saved: new Date().toISOString(),
    };
    for (const [side, token] of Object.entries(seats)) if (looksLikeToken(token)) entry.seats[side] = token;
    if (looksLikeToken(owner)) entry.owner = owner;
    this.save([entry, ...all.filter((e) => e.id !== id)]);
  }

  forget(id: string): void {
    this.save(this.all().filter((e) => e.id !== id));
  }

  /** The tokens to send with a request about game `id`. */
  tokensFor(id: string): string[] {
    const e = this.get(id);
    if (!e) return [];
    return [...Object.values(e.seats), ...(e.owner ? [e.owner] : [])].filter(looksLikeToken);
  }

  /** Every token kept (the newest games' first), as many as one request may carry. */
  allTokens(): string[] {
    const out: string[] = [];
    for (const e of this.all()) for (const t of [...Object.values(e.seats), ...(e.owner ? [e.owner] : [])]) if (looksLikeToken(t) && out.length < MAX_TOKENS) out.push(t);
    return out;
  }

  private save(list: SeatEntry[]): void {
    const text = JSON.stringify(list.slice(0, 200));
    try {
      if (this.store) this.store.setItem(KEY, text);
      else this.memory.set(KEY, text);
    } catch {
      this.memory.set(KEY, text);
    }
  }
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** The link that gives a seat to another person: opening it stores the seat and shows the game. */
export function seatLink(base: string, id: string, side: string, token: string): string {
  return `${base}#/game/${encodeURIComponent(id)}?as=${encodeURIComponent(side)}&seat=${token}`;
}
