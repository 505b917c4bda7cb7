// Interaction state, kept pure (no DOM) so it is unit-tested: which board objects the legal
// decisions refer to, what a click on the board means, and what the decision buttons are.
// Ruleset-agnostic: it reads only the generic fields of an action (kind, unit, leader, hex,
// facing); a ruleset whose actions name no board object is played from the buttons alone.

import type { Action } from '../api';

/** How the board highlights an object a decision refers to. */
export type Role = 'select' | 'destination' | 'target' | 'attacker' | 'defender' | 'pick';

export function roleOf(a: Action): Role {
  switch (a.kind) {
    case 'select-unit':
    case 'select-leader':
      return 'select';
    case 'destination':
      return 'destination';
    case 'target':
      return 'target';
    case 'add-attacker':
    case 'add-charger':
      return 'attacker';
    case 'add-defender':
      return 'defender';
    default:
      return a.hex !== undefined && a.unit === undefined ? 'destination' : 'pick';
  }
}

export interface ActionIndex {
  all: Action[];
  byUnit: Map<string, Action[]>;
  byLeader: Map<string, Action[]>;
  byHex: Map<string, Action[]>; // decisions about a place (destinations)
  board: Set<number>; // ids of decisions reachable by clicking the board
}

function push<K>(m: Map<K, Action[]>, k: K, a: Action): void {
  const l = m.get(k);
  if (l) l.push(a);
  else m.set(k, [a]);
}

export function indexActions(legal: Action[] | undefined): ActionIndex {
  const idx: ActionIndex = { all: legal ?? [], byUnit: new Map(), byLeader: new Map(), byHex: new Map(), board: new Set() };
  for (const a of idx.all) {
    if (typeof a.unit === 'string') {
      push(idx.byUnit, a.unit, a);
      idx.board.add(a.id);
    } else if (typeof a.leader === 'string' && a.kind !== 'chit') {
      push(idx.byLeader, a.leader, a);
      idx.board.add(a.id);
    } else if (typeof a.hex === 'string') {
      push(idx.byHex, a.hex, a);
      idx.board.add(a.id);
    }
  }
  return idx;
}

/** What is under the pointer when the board is clicked. */
export interface Pick {
  hex?: string;
  unit?: string;
  leader?: string;
}

export type ClickOutcome =
  | { kind: 'commit'; action: Action }
  | { kind: 'choose'; actions: Action[]; at: Pick } // several decisions: let the player pick one
  | { kind: 'none' };

/**
 * What a click means. A leader token clicked directly speaks for the leader; otherwise the
 * place comes first (a destination hex may hold the selected unit itself: "stay in place"),
 * then the unit on it, then a leader standing with it.
 */
export function resolveClick(idx: ActionIndex, pick: Pick, leaderFirst = false): ClickOutcome {
  const candidates: Action[][] = [];
  const hexActs = pick.hex ? idx.byHex.get(pick.hex) : undefined;
  const unitActs = pick.unit ? idx.byUnit.get(pick.unit) : undefined;
  const leaderActs = pick.leader ? idx.byLeader.get(pick.leader) : undefined;
  if (leaderFirst && leaderActs) candidates.push(leaderActs);
  if (hexActs) candidates.push(hexActs);
  if (unitActs) candidates.push(unitActs);
  if (!leaderFirst && leaderActs) candidates.push(leaderActs);
  const first = candidates[0];
  if (!first || first.length === 0) return { kind: 'none' };
  if (first.length === 1) return { kind: 'commit', action: first[0] };
  return { kind: 'choose', actions: first, at: pick };
}

/** Roles of the board objects, for highlighting: unit id / leader id / hex label -> roles. */
export interface Highlights {
  units: Map<string, Set<Role>>;
  leaders: Map<string, Set<Role>>;
  hexes: Map<string, Set<Role>>;
}

export function highlights(idx: ActionIndex): Highlights {
  const h: Highlights = { units: new Map(), leaders: new Map(), hexes: new Map() };
  const add = (m: Map<string, Set<Role>>, k: string, r: Role) => {
    const s = m.get(k);
    if (s) s.add(r);
    else m.set(k, new Set([r]));
  };
  for (const [u, acts] of idx.byUnit) for (const a of acts) add(h.units, u, roleOf(a));
  for (const [l, acts] of idx.byLeader) for (const a of acts) add(h.leaders, l, roleOf(a));
  for (const [x, acts] of idx.byHex) for (const a of acts) add(h.hexes, x, roleOf(a));
  return h;
}

// ---- Decision buttons ----

const GROUP_TITLES: Record<string, string> = {
  activate: 'Activation',
  decline: 'Activation',
  replacement: 'Replacement leader',
  'select-unit': 'Move a unit',
  'select-leader': 'Move a leader',
  destination: 'Destination',
  'end-movement': 'Phase',
  target: 'Attack',
  'add-attacker': 'Attackers',
  'add-charger': 'Attackers',
  'add-defender': 'Also attack',
  resolve: 'Resolve',
  'end-combat': 'Phase',
  'break-own': 'Break one of your own',
};

const GROUP_ORDER = [
  'Activation',
  'Resolve',
  'Phase',
  'Replacement leader',
  'Attack',
  'Attackers',
  'Also attack',
  'Destination',
  'Move a unit',
  'Move a leader',
];

export interface ButtonGroup {
  title: string;
  actions: Action[];
}

function prettyKind(kind: string | undefined): string {
  if (!kind) return 'Decisions';
  const s = kind.replace(/[-_]/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Decisions grouped for the buttons panel, the most consequential groups first. */
export function groupActions(legal: Action[]): ButtonGroup[] {
  const groups = new Map<string, Action[]>();
  for (const a of legal) {
    const t = GROUP_TITLES[a.kind ?? ''] ?? prettyKind(a.kind);
    push(groups, t, a);
  }
  const rank = (t: string) => {
    const i = GROUP_ORDER.indexOf(t);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...groups.entries()].map(([title, actions]) => ({ title, actions })).sort((a, b) => rank(a.title) - rank(b.title));
}

/** The decisions about one piece, the piece named once (its `mover_name`, else its id). */
export interface PieceGroup {
  mover: string;
  name: string;
  actions: Action[];
}

/**
 * Decisions that name the piece they move (`mover`) and say what it does without naming it
 * (`what`), one group per piece in the order the pieces first come; the other decisions as they
 * are. A piece's name, often long, is then written once above its decisions, not on each button.
 */
export function groupByMover(legal: Action[]): { pieces: PieceGroup[]; rest: Action[] } {
  const byMover = new Map<string, PieceGroup>();
  const rest: Action[] = [];
  for (const a of legal) {
    const mover = typeof a.mover === 'string' && a.mover !== '' ? a.mover : null;
    if (!mover || typeof a.what !== 'string' || a.what === '') {
      rest.push(a);
      continue;
    }
    let g = byMover.get(mover);
    if (!g) {
      g = { mover, name: typeof a.mover_name === 'string' && a.mover_name !== '' ? a.mover_name : mover, actions: [] };
      byMover.set(mover, g);
    }
    g.actions.push(a);
  }
  return { pieces: [...byMover.values()], rest };
}

/** The label of a decision shown under its piece: what it does, the piece left out. */
export function pieceButtonLabel(a: Action): string {
  const what = typeof a.what === 'string' && a.what !== '' ? a.what : a.name;
  return what.charAt(0).toUpperCase() + what.slice(1);
}

/**
 * The label of each button of a group whose decisions all do the same to different pieces (each
 * names its piece, `mover_name`, and none says a move of its own, `what`): the piece's name, the
 * group's title saying what is done. Null when the group is not such a group.
 */
export function pieceNamesOnly(actions: Action[]): ((a: Action) => string) | null {
  const named = actions.length > 1 && actions.every((a) => typeof a.mover_name === 'string' && a.mover_name !== '' && (typeof a.what !== 'string' || a.what === ''));
  return named ? (a: Action) => String(a.mover_name) : null;
}

/** Whether the ruleset weighs this decision's odds (its action JSON says "odds": true). */
export function hasOdds(a: Action | null | undefined): boolean {
  return !!a && a.odds === true;
}

/**
 * The decision whose odds the odds panel shows unprompted: the one decision on offer that rolls
 * dice at once and has odds (resolving a combat as it stands, a unit's only strike).
 */
export function defaultOddsAction(legal: Action[]): Action | null {
  const rolling = legal.filter((a) => hasOdds(a) && a.rolls === true);
  return rolling.length === 1 ? rolling[0] : null;
}

/** A short label for a button: the action's name without the leading verb repeated by its group. */
export function buttonLabel(a: Action): string {
  return a.name.length > 0 ? a.name.charAt(0).toUpperCase() + a.name.slice(1) : `Action ${a.id}`;
}

/** True when the view must be polled again soon: the server is resolving or an agent thinks. */
export function needsPolling(v: { terminal: boolean; waiting_for: string; current_player: string }): boolean {
  return !v.terminal && (v.waiting_for === 'agent' || v.current_player === 'chance');
}

/** What a reply that still shows the agent to move follows. */
export type BusyReply = 'sent' | 'moved' | 'still';

/**
 * When to poll again while an agent is to move. Straight after the reply to a person's own
 * decision (a fast agent has often finished by then); after a reply in which the game moved on,
 * shortly; then each reply with no change waits twice as long, up to `max` (a slow agent is
 * asked about twice a second, as before).
 */
export class BusyPoll {
  private quiet = 0;

  constructor(
    private readonly step = 25,
    private readonly max = 500,
  ) {}

  /** The delay in ms before the next poll, after a reply of the given kind. */
  delay(reply: BusyReply): number {
    if (reply === 'sent') this.quiet = 0;
    else if (reply === 'moved') this.quiet = 1;
    else this.quiet++;
    return this.quiet === 0 ? 0 : Math.min(this.max, this.step * 2 ** Math.min(this.quiet - 1, 30));
  }
}

/** A button: one decision, or every decision at one hex (e.g. the facings of a destination). */
export type ButtonItem = { kind: 'one'; action: Action } | { kind: 'hex'; hex: string; actions: Action[] };

/** Folds decisions that differ only by facing at the same hex into one button per hex. */
export function consolidateByHex(actions: Action[]): ButtonItem[] {
  const byHex = new Map<string, Action[]>();
  for (const a of actions) if (typeof a.hex === 'string' && a.unit === undefined) push(byHex, a.hex, a);
  const out: ButtonItem[] = [];
  const done = new Set<string>();
  for (const a of actions) {
    const hex = typeof a.hex === 'string' && a.unit === undefined ? a.hex : null;
    const group = hex ? byHex.get(hex) : undefined;
    if (hex && group && group.length > 1) {
      if (!done.has(hex)) {
        done.add(hex);
        out.push({ kind: 'hex', hex, actions: group });
      }
    } else {
      out.push({ kind: 'one', action: a });
    }
  }
  return out;
}

/** Above this many buttons a group is folded away (the board is the better way to choose). */
export const FOLD_BUTTONS = 24;
