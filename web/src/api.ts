// Typed client of the Carroccio HTTP/JSON API (docs/api.md). Every error the server sends is a
// 4xx with {"error": "<one sentence>"}; this client turns it into an ApiError carrying that
// sentence, so the UI can show it as it is.

export interface OptionInfo {
  name: string;
  description: string;
  values: string[]; // empty for a plain on/off switch
}

export interface ScenarioInfo {
  id: string;
  title: string;
  description: string;
}

export interface RulesetInfo {
  id: string;
  title: string;
  description: string;
  plays_games: boolean;
  /** Whether the table referee page serves it (a referee-only ruleset). */
  table_referee?: boolean;
  /** The agent kind the ruleset has measured to play best, offered first; null if none. */
  suggested_opponent?: string | null;
  scenarios: ScenarioInfo[];
  options: OptionInfo[];
}

/** GET /api/games/{id}/timeline: where each turn and phase of the game begins. */
export interface TimelineMark {
  at: number;
  turn: number | string | null;
  phase: string | null;
}
export interface Timeline {
  history_length: number;
  marks: TimelineMark[];
}

/** GET /api/rulesets/{id}/rules: a ruleset's clauses, rulings and legend (docs/api.md). */
export interface RulesClause {
  clause: string;
  anchor: string;
  rule: string;
  rulings: string[]; // anchors of entries in RulesReference.rulings
}
export interface RulesRuling {
  id: string;
  item?: string;
  anchor: string;
  section: string;
  clauses: string[];
  question?: string;
  ruling: string;
  reason?: string;
  confidence?: string;
}
export interface LegendEntry {
  term: string;
  meaning: string;
  clause?: string;
}
export interface RulesReference {
  ruleset: string;
  title: string;
  sources: string[];
  sections: { title: string; clauses: RulesClause[] }[];
  rulings: RulesRuling[];
  legend: LegendEntry[];
}

/** One legal decision, as State::action_to_json writes it. Fields beyond id/name/kind vary. */
export interface Action {
  id: number;
  name: string;
  kind?: string;
  unit?: string;
  leader?: string;
  hex?: string;
  facing?: string;
  value?: number;
  /** The ruleset weighs this decision's odds (GET .../odds?action=ID). */
  odds?: boolean;
  /** Taking this decision rolls dice at once: it cannot be taken back. */
  rolls?: boolean;
  [key: string]: unknown;
}

/**
 * Free placement (GET /api/games/{id}/placement): the piece being placed, how a drop is encoded
 * as an action, and the reach of its centre (table sub-units, y up).
 */
export interface Placement {
  unit: string;
  action_base: number;
  directions: number;
  distance_step: number;
  distances: number;
  heading_step_deg: number;
  headings: number;
  x: number;
  y: number;
  heading_arcsec: number;
  allowance: number;
  road_allowance: number;
  reach_step_deg: number;
  reach: [number, number][];
  /** The group the piece leads, moved with it by a drop straight ahead with no turn (gwkho). */
  group?: string[];
}

/** A ruleset's state JSON: opaque to the shell, read by the board renderer. */
export type GameState = Record<string, unknown>;

/** How a game's dice are drawn: from a secret the server keeps (its SHA-256 published as the
 * commitment, the secret itself once the game is over), or from a public seed. */
export interface Dice {
  draw: 'committed' | 'indexed' | string;
  commitment?: string;
  secret?: string | null;
  seed?: number;
}

export interface GameView {
  id: string;
  ruleset: string;
  scenario: string;
  options: string;
  players: Record<string, string>;
  viewer?: string;
  dice?: Dice;
  /** The sides whose seats the request's tokens hold. */
  your_seats?: string[];
  /** Only in the answer to POST /api/games: the token of every side a person plays. */
  seats?: Record<string, string>;
  owner_token?: string;
  history_length: number;
  current_player: string; // a side, "chance" or "none"
  waiting_for: 'human' | 'agent' | 'none' | string;
  terminal: boolean;
  returns: Record<string, number> | number[] | null;
  status_line: string;
  state: GameState;
  legal?: Action[];
  result?: Record<string, unknown> | null;
}

export interface GameSummary {
  id: string;
  ruleset: string;
  scenario: string;
  options: string;
  players: Record<string, string>;
  dice?: Dice;
  created: string;
  updated: string;
  actions: number;
  terminal: boolean;
  status_line: string;
}

export interface GameEvent {
  index: number;
  kind: string;
  text: string;
  rule: string;
  data: Record<string, unknown>;
  step: number;
}

export interface EventsPage {
  events: GameEvent[];
  next: number;
}

/** Odds of a candidate decision (State::action_odds); the shape is the ruleset's. */
export interface OddsResult {
  result: string;
  probability: string; // exact fraction, e.g. "5/12"
  p: number;
  /** good, bad or even for the side deciding (rulesets whose results are not CRT codes say). */
  tone?: 'good' | 'bad' | 'even';
  vp_lost?: Record<string, { now: number; after: number; rout_level: number }>;
  ends_game?: { winner: string; reason?: string; rule?: string };
  /** The result split by piece, one part per name of the odds' `result_heads` (gwkho: each element's result). */
  parts?: string[];
}

export interface Odds {
  results?: OddsResult[];
  /** The pieces a result befalls, one column each: the rows then give each piece's part (`parts`). */
  result_heads?: string[];
  modifiers?: { what: string; rule: string }[];
  column?: string;
  drm?: number;
  undrawn_chits?: string[];
  checks?: { unit: string; check: string; rule: string; pass: string }[];
  leaders?: { leader: string; death: string; p: number; rule: string; ends_game?: { winner: string; rule?: string }; vp?: number }[];
  automatic?: string;
  rule?: string;
  exact?: boolean;
  /** The dice the decision rolls ("d6+2", "4 d6"). */
  roll?: string;
  /** A sentence on what the odds assume (e.g. a charge: the fight that follows). */
  note?: string;
  /** True when taking the decision rolls the dice at once. */
  commits?: boolean;
  [key: string]: unknown;
}

export interface NewGame {
  ruleset: string;
  scenario: string;
  options?: string;
  players: Record<string, string>;
  seed?: number;
}

/** Who can play a side (GET /api/agents): "human" and every agent kind the server offers. */
export interface AgentKinds {
  players: string[];
  agents: string[];
  form: string;
}

// ---- A ruleset's table referee (GET /api/rulesets/{id}/tables, POST /api/rulesets/{id}/resolve) ----

export type Confidence = 'legible' | 'reconstructed' | 'guessed' | 'missing';

/** One situation field of a referee table: what a form input needs. */
export interface RefereeField {
  name: string;
  type: 'int' | 'number' | 'bool' | 'enum' | 'list';
  help: string;
  required: boolean;
  default?: unknown;
  values?: string[];
  min?: number;
  max?: number;
  min_items?: number;
  max_items?: number;
}

export interface RefereeTable {
  name: string;
  title: string;
  summary: string;
  dice: string | null; // "d6", "2d6", or null for a table read without dice
  rolls: string;
  fields: RefereeField[];
}

export interface RefereeTables {
  ruleset: string;
  title: string;
  confidence_levels: Confidence[];
  assault_table_format: string;
  tables: RefereeTable[];
}

export interface RefereeRequest {
  table: string;
  situation: Record<string, unknown>;
  dice?: (number | string)[];
  seed?: number;
  roll?: boolean;
  odds_only?: boolean;
  assault_table?: unknown;
}

export interface RefereeModifier {
  id: string;
  label: string;
  source: string;
  value: number;
  kind: string; // "drm", "column shift", "quality", "table"
  applied: boolean;
  confidence: Confidence;
  note?: string;
}

export interface RefereeOddsLine {
  outcome: string;
  probability: string; // exact fraction
  percent: number;
  confidence: Confidence;
  uncertain_probability: string;
  rolls?: string; // the die values giving it, for a single roll
}

/** The referee's report: the same JSON `carroccio alsh --json` prints. */
export interface RefereeReport {
  ruleset: string;
  table: string;
  title: string;
  situation: Record<string, unknown>;
  mode: 'physical' | 'rolled' | 'odds' | 'lookup';
  dice?: string;
  seed?: number;
  rolls: { dice: string; purpose: string; value: number }[];
  modifiers: RefereeModifier[];
  total_modifier: number;
  steps: string[];
  resolved: boolean;
  unresolved_reason?: string;
  result?: { outcome: string; effects: string[]; detail: Record<string, unknown>; confidence: Confidence };
  basis: { what: string; confidence: Confidence; note: string }[];
  warnings: string[];
  odds: RefereeOddsLine[];
  odds_total?: string;
  uncertain_probability?: { fraction: string; percent: number };
  guessed_probability?: { fraction: string; percent: number };
}

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The seat tokens to send: those of one game, or (null) every token the browser holds. */
export type TokenSource = (gameId: string | null) => string[];

export class Api {
  constructor(
    private base = '',
    private fetchFn: Fetch = (i, init) => fetch(i, init),
    private tokens: TokenSource = () => [],
  ) {}

  private async request<T>(method: string, path: string, body?: unknown, tokens: string[] = []): Promise<T> {
    let res: Response;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (tokens.length > 0) headers['Seat-Token'] = tokens.join(',');
    try {
      res = await this.fetchFn(this.base + path, {
        method,
        headers: Object.keys(headers).length ? headers : undefined,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiError(`The server cannot be reached (${(e as Error).message}).`, 0);
    }
    const text = await res.text();
    let data: unknown = null;
    if (text.length > 0) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new ApiError(`The server sent something that is not JSON (HTTP ${res.status}).`, res.status);
      }
    }
    if (!res.ok) {
      const msg =
        data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
          ? (data as { error: string }).error
          : `The server answered HTTP ${res.status}.`;
      throw new ApiError(msg, res.status);
    }
    return data as T;
  }

  agents(): Promise<AgentKinds> {
    return this.request('GET', '/api/agents');
  }

  refereeTables(ruleset: string): Promise<RefereeTables> {
    return this.request('GET', `/api/rulesets/${enc(ruleset)}/tables`);
  }

  resolve(ruleset: string, req: RefereeRequest): Promise<RefereeReport> {
    return this.request('POST', `/api/rulesets/${enc(ruleset)}/resolve`, req);
  }

  /** The rules reference of a ruleset (clauses in our words, rulings, legend). */
  rules(ruleset: string): Promise<RulesReference> {
    return this.request('GET', `/api/rulesets/${enc(ruleset)}/rules`);
  }

  rulesets(): Promise<RulesetInfo[]> {
    return this.request('GET', '/api/rulesets');
  }

  scenario(ruleset: string, scenario: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/api/rulesets/${enc(ruleset)}/scenarios/${enc(scenario)}`);
  }

  createGame(req: NewGame, viewer?: string): Promise<GameView> {
    return this.request('POST', '/api/games' + viewerQuery(viewer), req);
  }

  /** The games this browser holds a seat of (every game, if the server is started to list all). */
  games(): Promise<GameSummary[]> {
    return this.request('GET', '/api/games', undefined, this.tokens(null));
  }

  game(id: string, viewer?: string): Promise<GameView> {
    return this.request('GET', `/api/games/${enc(id)}${viewerQuery(viewer)}`, undefined, this.tokens(id));
  }

  act(id: string, action: number, expectHistory: number, viewer?: string): Promise<GameView> {
    return this.request(
      'POST',
      `/api/games/${enc(id)}/actions${viewerQuery(viewer)}`,
      { action, expect_history: expectHistory },
      this.tokens(id),
    );
  }

  /**
   * Where the piece a person is placing may go (free placement), or null (docs/api.md); `unit`:
   * the piece picked up, for a ruleset whose decisions name the piece they move (no pick step).
   */
  placement(id: string, viewer?: string, unit?: string): Promise<{ history_length: number; placement: Placement | null }> {
    const q = viewerQuery(viewer);
    const u = unit ? `${q ? '&' : '?'}unit=${enc(unit)}` : '';
    return this.request('GET', `/api/games/${enc(id)}/placement${q}${u}`, undefined, this.tokens(id));
  }

  odds(id: string, action: number): Promise<Odds | null> {
    return this.request('GET', `/api/games/${enc(id)}/odds?action=${action}`, undefined, this.tokens(id));
  }

  events(id: string, since = 0): Promise<EventsPage> {
    return this.request('GET', `/api/games/${enc(id)}/events?since=${since}`);
  }

  /** Takes back the person's latest decisions (all it may, or at most `count` of them). */
  undo(id: string, viewer?: string, count?: number, expectHistory?: number): Promise<GameView> {
    const body: Record<string, number> = {};
    if (count !== undefined) body.count = count;
    if (expectHistory !== undefined) body.expect_history = expectHistory;
    return this.request('POST', `/api/games/${enc(id)}/undo${viewerQuery(viewer)}`, body, this.tokens(id));
  }

  /** Deletes a game (it needs the seat of every side a person plays). */
  deleteGame(id: string): Promise<{ deleted: string }> {
    return this.request('DELETE', `/api/games/${enc(id)}`, undefined, this.tokens(id));
  }

  record(id: string): Promise<unknown> {
    return this.request('GET', `/api/games/${enc(id)}/record`);
  }

  at(id: string, n: number, viewer?: string): Promise<GameView> {
    return this.request('GET', `/api/games/${enc(id)}/at/${n}${viewerQuery(viewer)}`, undefined, this.tokens(id));
  }

  /** Where each turn and phase begins (the replay's jumps). */
  timeline(id: string, viewer?: string): Promise<Timeline> {
    return this.request('GET', `/api/games/${enc(id)}/timeline${viewerQuery(viewer)}`, undefined, this.tokens(id));
  }
}

function enc(s: string): string {
  return encodeURIComponent(s);
}

function viewerQuery(viewer?: string): string {
  return viewer ? `?viewer=${enc(viewer)}` : '';
}

/** The viewer a human player should use: the one side played by "human", else spectator. */
export function humanSide(players: Record<string, string>): string {
  const humans = Object.keys(players).filter((s) => players[s] === 'human');
  return humans.length === 1 ? humans[0] : humans.length > 1 ? humans[0] : 'spectator';
}

/** True while the server is still working on the game: an agent is thinking or dice are rolling. */
export function isBusy(v: Pick<GameView, 'waiting_for' | 'current_player' | 'terminal'>): boolean {
  if (v.terminal) return false;
  return v.waiting_for === 'agent' || v.current_player === 'chance';
}
