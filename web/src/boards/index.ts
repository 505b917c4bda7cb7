// Board renderers, one per kind of game: the hex map of hex-and-counter rulesets and the
// top-down table of the miniatures rulesets. The shell knows only this interface.

import type { Action, GameState, Placement } from '../api';
import type { ActionIndex, Pick } from '../shell/interaction';
import { HexBoard } from './hex';
import { TableBoard } from './table';

export type BoardKind = 'hex' | 'table';

/** What the shell tells the board each time something changes. */
export interface BoardFrame {
  state: GameState;
  index: ActionIndex; // the legal decisions, indexed by the board objects they name
  choice: { at: Pick; actions: Action[] } | null; // several decisions at one spot, awaiting a pick
  preview: Action | null; // a decision the pointer is on (its odds may be shown)
  interactive: boolean; // false while replaying or while the other side moves
  placement?: Placement | null; // where the piece being placed may go (boards with wantsPlacement)
  placementPending?: boolean; // that placement is still being asked for
  /**
   * The other side's turn, shown: the position it started from. The board draws a trail from
   * where each piece stood then to where it stands now, and marks what befell each piece hit.
   */
  since?: GameState | null;
  /**
   * With `since`: each attack or shot of that turn, from the piece that made it to the piece it
   * struck (the events' `attackers` and `targets`); the board draws an arrow for each.
   */
  attacks?: { from: string; to: string }[];
}

export interface BoardCallbacks {
  /** The player clicked a board object (the shell decides what that means). */
  onPick(pick: Pick, leaderFirst: boolean): void;
  /** The player chose one decision of a choice (e.g. a facing). */
  onChoose(action: Action): void;
  /** The pointer rests on a decision (null: on none), to preview its odds. */
  onHover(action: Action | null): void;
  /** The pointer rests on an object (for the details box); null when it leaves. */
  onInspect(text: string | null): void;
  /**
   * Where `unit` may be dropped now (free placement of a piece the person picks up, for a
   * ruleset whose decisions name the piece they move); null when it may not be, or not now.
   */
  onPlacement?(unit: string): Promise<Placement | null>;
  /**
   * A drop refused on the board of a piece that the drag itself picked up (its pick decision):
   * the shell takes the pick back, so the piece is as it was before the drag.
   */
  onRelease?(unit: string): void;
  /** Something the person should read about what the board did (why a drop is refused): shown beside the board. */
  onSay?(text: string): void;
  /** A piece was taken in hand on the board with no pick step (null: let go): its decisions are shown. */
  onHold?(unit: string | null): void;
}

export interface BoardRenderer {
  readonly kind: BoardKind;
  /** The board lets a person drop a piece anywhere legal: the shell fetches the placement. */
  readonly wantsPlacement?: boolean;
  /** Width / height of the board drawing, so the shell can size the map pane to fit. */
  aspect(): number;
  mount(el: HTMLElement, callbacks: BoardCallbacks): void;
  render(frame: BoardFrame): void;
  /** Zoom controls: factor > 1 zooms in; fit() shows the whole board. */
  zoom(factor: number): void;
  fit(): void;
  /** Zoom on the pieces and places the current decisions name (optional). */
  focus?(): void;
  /** The pointer is on a decision (a button, or an object of the board): mark what it names (optional). */
  preview?(a: Action | null): void;
  /** The fill and ink the board paints a side's pieces with (optional; the log's names use them). */
  sideColours?(side: string): [string, string];
  /** Zoom so the board's width fills the pane (optional). */
  fitWidth?(): void;
  destroy(): void;
}

/** Which kind of board a ruleset is played on. */
const KIND_BY_RULESET: Record<string, BoardKind> = {
  bma: 'hex',
  ohw: 'table',
  fastplay: 'table',
  gwkho: 'table',
  alsh: 'table',
};

export function boardKind(ruleset: string, scenario: Record<string, unknown>): BoardKind {
  const known = KIND_BY_RULESET[ruleset];
  if (known) return known;
  const map = scenario.map as Record<string, unknown> | undefined;
  return map && typeof map.columns === 'number' && typeof map.rows === 'number' ? 'hex' : 'table';
}

export function createBoard(ruleset: string, scenario: Record<string, unknown>): BoardRenderer {
  return boardKind(ruleset, scenario) === 'hex' ? new HexBoard(scenario) : new TableBoard(scenario);
}
