// The top-down table of the miniatures rulesets (ohw; fastplay follows the same state shape,
// docs/api.md "The table view"): the cloth to scale with an inch grid, terrain polygons styled
// by type, roads, unit bases at their exact corners with side colours, a facing mark on the
// front edge, type and hits; the picked unit with its front arc, the ghosts of its candidate
// moves and charges, and the region its centre may reach (free placement); lines of sight from
// the shooters to the enemies they may shoot; the stands of units made of stands, and the stands
// a decision names (one to lose, an enemy stand to strike, ...) ringed to be clicked. Click or
// drag to move; wheel or +/- to zoom.

import type { Action, Placement } from '../api';
import type { BoardCallbacks, BoardFrame, BoardRenderer } from './index';
import { mountBoardRoot, PanZoom, type ViewBox } from './panzoom';
import { type Attrs, clear, compass, svg } from './svg';
import {
  badgeAt,
  capitalised,
  unitNumber,
  describeTableUnit,
  frontArc,
  frontCentre,
  ghostsOf,
  mid,
  pushedGhosts,
  placementAction,
  pointInPolygon,
  reachAt,
  snapToGhost,
  typeLabel,
  angleDiff,
  readTableState,
  standOf,
  standPicks,
  standRole,
  standZoomStep,
  besideOffsets,
  boxHolds,
  chooseLabels,
  type Box,
  picksSignature,
  strikingStands,
  type Ghost,
  type StandPick,
  type Pt,
  type TableState,
  type TableUnit,
  turnChanges,
  attackLines,
  unitClasses,
  unitTag,
} from './tablemodel';

/** The least height of a unit's label on the screen, in pixels (issue 20: 11 px or more). */
const LABEL_MIN_PX = 11.5;

/** Colours of sides named after a colour; others by their order in the scenario. */
const NAMED_COLOURS: Record<string, [string, string]> = {
  blue: ['#2f5fa8', '#f1f5ff'],
  red: ['#b3261b', '#fbf3df'],
  green: ['#3f7a2a', '#f1f8e8'],
  yellow: ['#e2bd3c', '#1e1a10'],
  white: ['#f2efe6', '#1e1a10'],
  black: ['#2b2b2b', '#f5f5f5'],
};
const DEFAULT_COLOURS: [string, string][] = [
  ['#2f5fa8', '#f1f5ff'],
  ['#b3261b', '#fbf3df'],
];

const MOVE_KINDS = new Set(['move', 'turn', 'hold', 'charge', 'place']);
// Dashes of a linear feature's line by its type, in inches (solid when absent).
const LINE_DASH: Record<string, number[]> = { hedge: [0.1, 0.35], ditch: [1, 0.6], wagons: [1.2, 0.4] };

/**
 * How a unit is dragged: the picked unit ("selected"); a unit a pick decision picks first, taken
 * as the drag starts ("pick": ohw, fastplay); or, for a ruleset whose decisions name the unit they
 * move and have no pick step (gwkho), any unit of the side to move, whose free placement is asked
 * for as it is picked up ("free").
 */
type DragMode = 'selected' | 'pick' | 'free';

export class TableBoard implements BoardRenderer {
  readonly kind = 'table' as const;
  readonly wantsPlacement = true;
  private root: SVGSVGElement | null = null;
  private layers: Record<string, SVGGElement> = {};
  private cb: BoardCallbacks | null = null;
  private frame: BoardFrame | null = null;
  private st: TableState | null = null;
  private sideOrder: string[] = [];
  private sideNames: Record<string, string> = {};
  private W: number;
  private H: number;
  private upi = 100;
  private drawnTable = '';
  private pz: PanZoom;
  private dragUnit: { id: number; unit: string; mode: DragMode; start: Pt; moved: boolean; heading: number; at: Pt } | null = null;
  // A drop made before the pick it needs has come back (its unit picked, its placement known).
  private pendingDrop: { unit: string; at: Pt; heading: number; since: number; picked: boolean } | null = null;
  // With no pick step (gwkho): the unit the person holds on the board (clicked or dragged), its
  // free placement, and the position (legal decisions) they were asked for.
  private held: string | null = null;
  private heldPlacement: Placement | null = null;
  private heldPending = false;
  private heldKey = '';
  private positionKey = '';
  private suppressUntil = 0; // a click right after a drag or pan is not a click
  private aim: string | null = null; // the shooter or striker picked in the Shoot / Melee phase
  private facingChoice: Ghost[] | null = null;
  private allGhosts: Ghost[] = [];
  private picks: StandPick[] = []; // the stands the decisions name, ringed to be clicked
  private standChoice: StandPick | null = null; // a stand several decisions name, awaiting a pick
  private hovered: Action | null = null; // the decision the pointer is on (a button or a stand)
  private standZoom = false; // zoomed on the stands of a decision by itself, to fit back after
  private picksSeen = ''; // picksSignature of the stands last ringed
  private scale = 0; // screen pixels per board unit (PanZoom's onApply)
  private widths = new Map<string, number>(); // textWidth()'s measures
  private revealed: string | null = null; // the unit whose hidden label the pointer shows

  constructor(scenario: Record<string, unknown>) {
    const table = (scenario.table ?? {}) as Record<string, unknown>;
    // The scenario gives inches; the state (read at the first render) gives sub-units.
    this.W = (typeof table.width === 'number' ? table.width : 36) * 100;
    this.H = (typeof table.height === 'number' ? table.height : 36) * 100;
    if (Array.isArray(scenario.sides))
      for (const s of scenario.sides as { id: string; name?: string }[]) {
        this.sideOrder.push(s.id);
        this.sideNames[s.id] = s.name ?? s.id;
      }
    this.pz = new PanZoom(this.fullBox(), {
      maxZoom: 10,
      zoomedSlack: 1,
      onApply: (_root, k) => {
        this.scale = k;
        this.fitLabels();
        this.fitBadges();
        this.fitTerrainNames();
      },
    });
  }

  private fullBox(): ViewBox {
    const m = Math.max(this.W, this.H) * 0.03;
    return { x: -m, y: -m, w: this.W + 2 * m, h: this.H + 2 * m };
  }

  aspect(): number {
    return this.pz.aspect();
  }

  mount(el: HTMLElement, callbacks: BoardCallbacks): void {
    this.cb = callbacks;
    const { root, layers } = mountBoardRoot(
      el,
      {
        cls: 'table-board',
        label: 'Table',
        defs: this.defs(),
        layers: ['cloth', 'terrain', 'roads', 'names', 'region', 'trails', 'arcs', 'ghosts', 'los', 'units', 'labels', 'stands', 'turns', 'marks', 'results', 'hover', 'overlay'],
      },
      this.pz,
      {
        click: (e) => this.onClick(e),
        move: (e) => this.onMove(e),
        leave: () => {
          this.reveal(null);
          this.cb?.onHover(null);
          this.cb?.onInspect(null);
        },
        wheel: (e) => this.onWheel(e),
        down: (e) => this.onPointerDown(e),
        drag: (e) => this.onPointerMove(e),
        up: (e) => this.onPointerUp(e),
        cancel: () => {
          this.pz.endPan();
          this.dragUnit = null;
          this.drawDrag();
        },
      },
    );
    this.root = root;
    this.layers = layers;
    this.pz.attach(root);
  }

  destroy(): void {
    this.pz.detach();
    this.root?.remove();
    this.root = null;
  }

  // ---- Coordinates: the rules' y grows up the table, SVG's down ----

  private P(p: Pt): Pt {
    return [p[0], this.H - p[1]];
  }

  private pointsAttr(ps: Pt[]): string {
    return ps.map((p) => this.P(p)).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  }

  private toTable(e: MouseEvent): Pt | null {
    const p = this.pz.toSvg(e);
    return p ? [p.x, this.H - p.y] : null;
  }

  // ---- Zoom and pan (panzoom.ts, as on the hex board) ----

  zoom(factor: number, at?: { x: number; y: number }): void {
    this.pz.zoom(factor, at);
  }

  fit(): void {
    this.pz.fit();
  }

  fitWidth(): void {
    this.pz.fitWidth();
  }

  /**
   * Zoom on the stands a decision names (and the stands that would strike them), or on the
   * picked unit and where it may go, or on the units the decisions name.
   */
  focus(): void {
    const st = this.st;
    const f = this.frame;
    if (!st || !f) return;
    const ids = new Set<string>();
    const ps: Pt[] = [];
    if (this.picks.length > 0) {
      for (const p of this.picks) ps.push(...p.corners);
      for (const s of strikingStands(f.index.all, st.units)) ps.push(...s.corners);
    } else if (st.selected) ids.add(st.selected);
    else for (const a of f.index.all) for (const k of ['unit', 'by', 'target']) if (typeof a[k] === 'string') ids.add(a[k] as string);
    for (const u of st.units) if (ids.has(u.id) && u.onTable) ps.push(...u.corners);
    for (const g of this.ghosts) ps.push([g.x, g.y]);
    if (ps.length === 0) return;
    const xs = ps.map((p) => p[0]);
    const ys = ps.map((p) => this.H - p[1]);
    const pad = 3 * this.upi;
    const x0 = Math.min(...xs) - pad, x1 = Math.max(...xs) + pad, y0 = Math.min(...ys) - pad, y1 = Math.max(...ys) + pad;
    this.pz.fitBox(x0, y0, x1, y1, 5);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    if (this.dragUnit?.moved) {
      // While dragging a unit the wheel turns it, 15 degrees a notch.
      this.dragUnit.heading += e.deltaY < 0 ? 15 : -15;
      this.drawDrag();
      return;
    }
    this.pz.wheel(e);
  }

  // ---- Pointer ----

  private selectedUnit(): TableUnit | undefined {
    const st = this.st;
    if (st?.selected) return st.units.find((u) => u.id === st.selected);
    return this.held && this.freeMode() ? st?.units.find((u) => u.id === this.held) : undefined;
  }

  /** The ghosts of the candidate moves shown: with no pick step, only the held unit's. */
  private get ghosts(): Ghost[] {
    if (!this.freeMode()) return this.allGhosts;
    return this.held ? this.allGhosts.filter((g) => g.action.mover === this.held) : [];
  }

  /** A pick decision of the unit (ohw, fastplay: "select-unit"). */
  private pickAction(unit: string): Action | undefined {
    return this.frame?.interactive ? this.frame.index.all.find((a) => a.kind === 'select-unit' && a.unit === unit) : undefined;
  }

  /**
   * No pick step: the decisions name the unit they move (gwkho), nothing is picked, so the
   * person picks a unit up on the board and its free placement is asked for.
   */
  private freeMode(): boolean {
    const f = this.frame;
    if (!f?.interactive || this.st?.selected) return false;
    if (f.index.all.some((a) => a.kind === 'select-unit')) return false;
    return f.index.all.some((a) => typeof a.mover === 'string' && MOVE_KINDS.has(a.kind ?? ''));
  }

  /** Whether the person may pick up unit `id` with no pick step: one of the side to move's. */
  private freeUnit(id: string): boolean {
    const u = this.st?.units.find((x) => x.id === id);
    return !!u && this.freeMode() && u.side === this.st?.active && u.onTable && !u.removed;
  }

  /** Where the picked unit may be dropped: the shell's placement, or the held unit's. */
  private placementNow(): Placement | null {
    if (this.st?.selected) return this.frame?.placement ?? null;
    return this.held && this.heldPlacement?.unit === this.held ? this.heldPlacement : null;
  }

  private canPlace(): boolean {
    return !!this.frame?.interactive && (this.ghosts.length > 0 || !!this.placementNow());
  }

  /** Holds unit `id` (no pick step) and asks where it may be dropped, once per position. */
  private hold(id: string | null): void {
    if (id === this.held && (id === null || this.heldKey === this.positionKey)) return;
    this.held = id;
    this.heldPlacement = null;
    this.heldPending = false;
    this.heldKey = this.positionKey;
    this.cb?.onHold?.(id);
    if (!id || !this.cb?.onPlacement) return;
    this.heldPending = true;
    const key = this.positionKey;
    void this.cb.onPlacement(id).then((pl) => {
      if (this.held !== id || this.positionKey !== key) return;
      this.heldPlacement = pl;
      this.heldPending = false;
      this.draw();
      this.drawDrag();
      this.tryPendingDrop();
    });
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    const target = e.target as Element;
    const sel = this.selectedUnit();
    const unitId = target.closest('[data-unit]')?.getAttribute('data-unit');
    const unit = unitId ? this.st?.units.find((u) => u.id === unitId) : undefined;
    // Drag the picked unit, or one a pick decision picks, or (no pick step) any of the side to
    // move's: no click to pick it first.
    const mode: DragMode | null = !unit
      ? null
      : sel && unit.id === sel.id && this.canPlace()
        ? 'selected'
        : this.pickAction(unit.id)
          ? 'pick'
          : this.freeUnit(unit.id)
            ? 'free'
            : null;
    if (unit && mode) {
      const p = this.toTable(e);
      if (p) this.dragUnit = { id: e.pointerId, unit: unit.id, mode, start: p, moved: false, heading: unit.headingDeg, at: p };
      return;
    }
    this.pz.startPan(e); // pan only when zoomed in
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.dragUnit;
    if (d) {
      const p = this.toTable(e);
      if (!p) return;
      if (!d.moved && Math.hypot(p[0] - d.start[0], p[1] - d.start[1]) < 0.3 * this.upi) return;
      if (!d.moved) {
        this.root?.setPointerCapture(d.id);
        // The drag picks the unit up: its pick decision, or (no pick step) its free placement.
        const pick = d.mode === 'pick' ? this.pickAction(d.unit) : undefined;
        if (pick) this.cb?.onChoose(pick);
        if (d.mode === 'free') {
          this.hold(d.unit);
          this.draw();
        }
      }
      d.moved = true;
      d.at = p;
      this.drawDrag();
      return;
    }
    this.pz.movePan(e);
  }

  private onPointerUp(_e: PointerEvent): void {
    const d = this.dragUnit;
    this.dragUnit = null;
    if (d?.moved) {
      this.suppressUntil = performance.now() + 400;
      // Made at once, or (its pick or its placement still on the way) as soon as they are back.
      this.pendingDrop = { unit: d.unit, at: d.at, heading: d.heading, since: performance.now(), picked: d.mode === 'pick' };
      this.tryPendingDrop();
      this.drawDrag();
      return;
    }
    if (this.pz.endPan()) this.suppressUntil = performance.now() + 400;
  }

  /** Makes the drop waiting for its unit to be picked and its placement known, once they are. */
  private tryPendingDrop(): void {
    const d = this.pendingDrop;
    const f = this.frame;
    if (!d || !f) return;
    if (performance.now() - d.since > 15_000) {
      this.pendingDrop = null;
      return;
    }
    if (!f.interactive) return;
    const sel = this.selectedUnit();
    if (!sel || sel.id !== d.unit) return;
    if (this.st?.selected ? f.placementPending : this.heldPending) return;
    this.pendingDrop = null;
    // A refused drop of a unit the drag itself picked up puts it back unpicked (the reason stays
    // said beside the board).
    if (!this.dropAt(sel, d.at, d.heading, true) && d.picked) this.cb?.onRelease?.(d.unit);
  }

  /**
   * A drop (or a click on the table) of the picked unit's centre at p facing `heading`: the
   * nearest ghost if one is close, else a free placement inside the reach; else nothing.
   */
  private dropAt(sel: TableUnit, p: Pt, heading: number, dragged: boolean): boolean {
    const pl = this.placementNow();
    p = straightOn(sel, p, heading, this.upi);
    const found = snapToGhost(this.ghosts, p, (pl ? 0.6 : dragged ? 2 : 1) * this.upi, heading);
    // A drop is marked so the shell says beside the board what the rules made of it.
    const snap = found && dragged ? { ...found, action: { ...found.action, dropped: true } } : found;
    if (snap && (!pl || angleDiff(snap.headingDeg, heading) < 0.5)) {
      this.cb?.onChoose(snap.action);
      return true;
    }
    if (pl && pl.unit === sel.id && pointInPolygon(p, pl.reach)) {
      const a = placementAction(pl, p, heading);
      if (a) {
        this.cb?.onChoose(this.placementDecision(a.id, sel.id, p));
        return true;
      }
    }
    if (snap) {
      this.cb?.onChoose(snap.action);
      return true;
    }
    const far = Math.hypot(p[0] - sel.x, p[1] - sel.y);
    if (pl && pl.unit === sel.id && !this.st?.selected && far < pl.distances * pl.distance_step) {
      // No pick step (gwkho): the rules themselves price the drop or say in one sentence why
      // not (the server answers; the board's shading is only where they accepted a straight move).
      const a = placementAction(pl, p, heading, false);
      if (a) {
        this.cb?.onChoose(this.placementDecision(a.id, sel.id, p));
        return true;
      }
    }
    const inches = (v: number) => `${(v / this.upi).toFixed(1)}"`;
    // Said beside the board (the shell's message), never over the playing area.
    const say = (text: string) => (this.cb?.onSay ? this.cb.onSay(text) : this.cb?.onInspect(text));
    if (pl && pl.unit === sel.id) {
      const deg = Math.round((Math.atan2(p[1] - sel.y, p[0] - sel.x) * 180) / Math.PI);
      say(`${capitalised(sel.name)} cannot go there: that is ${inches(far)} away and its move reaches ${inches(reachAt(pl, deg))} that way (the green area).`);
    } else say(`${capitalised(sel.name)} cannot go there: it may go only to a ghost or inside the green area, and none is near.`);
    return false;
  }

  private placementDecision(id: number, unit: string, p: Pt): Action {
    const name = this.st?.units.find((x) => x.id === unit)?.name ?? unit;
    return { id, name: `${name} to (${(p[0] / this.upi).toFixed(2)}", ${(p[1] / this.upi).toFixed(2)}")`, kind: 'place', mover: unit, dropped: true };
  }

  private onClick(e: MouseEvent): void {
    if (performance.now() < this.suppressUntil) {
      this.suppressUntil = 0;
      return;
    }
    const f = this.frame;
    if (!f) return;
    const target = e.target as Element;
    const choice = target.closest('[data-choice]');
    if (choice) {
      const id = Number(choice.getAttribute('data-choice'));
      const a = [...(f.choice?.actions ?? []), ...f.index.all].find((x) => x.id === id);
      this.facingChoice = null;
      this.standChoice = null;
      if (a) this.cb?.onChoose(a);
      return;
    }
    const group = target.closest('[data-ghosts]');
    if (group && f.interactive) {
      const ids = (group.getAttribute('data-ghosts') ?? '').split(',').map(Number);
      const gs = this.ghosts.filter((g) => ids.includes(g.action.id));
      if (gs.length === 1) this.cb?.onChoose(gs[0].action);
      else if (gs.length > 1) {
        this.facingChoice = gs;
        this.draw();
      }
      return;
    }
    const standEl = target.closest('[data-stand-pick]');
    if (standEl && f.interactive) {
      // A ringed stand: the decision that names it, or a choice when several do.
      const pick = this.picks.find((x) => x.key === standEl.getAttribute('data-stand-pick'));
      if (pick && pick.actions.length === 1) {
        this.standChoice = null;
        this.cb?.onChoose(pick.actions[0]);
      } else if (pick) {
        this.standChoice = pick;
        this.facingChoice = null;
        this.draw();
      }
      return;
    }
    if (this.facingChoice || this.standChoice) {
      this.facingChoice = null;
      this.standChoice = null;
      this.draw();
    }
    const unitId = target.closest('[data-unit]')?.getAttribute('data-unit') ?? undefined;
    const sel = this.selectedUnit();
    if (unitId && this.freeUnit(unitId)) {
      // No pick step: a click holds one of ours (its moves and where it may go shown), again lets go.
      this.hold(this.held === unitId ? null : unitId);
      this.draw();
      return;
    }
    if (unitId && sel && unitId === sel.id && f.interactive) {
      // The picked unit itself: hold.
      const hold = f.index.all.find((a) => a.kind === 'hold');
      if (hold) this.cb?.onChoose(hold);
      return;
    }
    if (unitId && f.interactive) {
      const strikes = f.index.all.filter((a) => (a.kind === 'shoot' || a.kind === 'melee') && a.by === unitId);
      if (strikes.length > 0 && !f.index.byUnit.has(unitId)) {
        // One of ours that may shoot or must fight: aim with it.
        this.aim = this.aim === unitId ? null : unitId;
        this.draw();
        return;
      }
      if (this.aim) {
        const a = f.index.all.find((x) => x.by === this.aim && x.unit === unitId && (x.kind === 'shoot' || x.kind === 'melee'));
        if (a) {
          this.aim = null;
          this.cb?.onChoose(a);
          return;
        }
      }
      this.cb?.onPick({ unit: unitId }, false);
      return;
    }
    const p = this.toTable(e);
    if (p && sel && this.canPlace()) this.dropAt(sel, p, sel.headingDeg, false);
  }

  private onMove(e: MouseEvent): void {
    if (this.pz.panning || this.dragUnit?.moved) return;
    const st = this.st;
    const f = this.frame;
    if (!st || !f) return;
    const target = e.target as Element;
    const ghostEl = target.closest('[data-ghosts]');
    if (ghostEl) {
      const ids = (ghostEl.getAttribute('data-ghosts') ?? '').split(',').map(Number);
      const gs = this.ghosts.filter((g) => ids.includes(g.action.id));
      this.showHoverGhosts(gs);
      this.cb?.onInspect(gs.map((g) => g.action.name).join('\n'));
      this.cb?.onHover(gs[0]?.action ?? null);
      return;
    }
    this.showHoverGhosts([]);
    const standEl = target.closest('[data-stand-pick]');
    const pick = standEl ? this.picks.find((x) => x.key === standEl.getAttribute('data-stand-pick')) : undefined;
    if (pick) {
      this.cb?.onInspect(pick.actions.map((a) => a.name).join('\n'));
      this.cb?.onHover(pick.actions[0]);
      return;
    }
    const unitId = target.closest('[data-unit]')?.getAttribute('data-unit');
    const u = unitId ? st.units.find((x) => x.id === unitId) : undefined;
    this.reveal(u?.id ?? null);
    if (u) {
      this.cb?.onInspect(describeTableUnit(u, (s) => this.sideNames[s] ?? s, this.upi));
      // A decision about one stand is previewed only from that stand.
      this.cb?.onHover(f.index.byUnit.get(u.id)?.find((a) => !standOf(a)) ?? null);
      return;
    }
    const p = this.toTable(e);
    if (!p) return;
    const t = [...st.terrain].reverse().find((x) => pointInPolygon(p, x.polygon));
    this.cb?.onInspect(`(${(p[0] / this.upi).toFixed(1)}", ${(p[1] / this.upi).toFixed(1)}")${t ? ` ${t.type}${t.name ? ` (${t.name})` : ''}` : ''}`);
    this.cb?.onHover(null);
  }

  /** Shows the label of the unit under the pointer even where it was left out (fitLabels). */
  private reveal(id: string | null): void {
    if (id === this.revealed) return;
    const layer = this.layers.labels;
    if (!layer) return;
    for (const g of Array.from(layer.querySelectorAll('g.tunit-text.shown'))) g.classList.remove('shown');
    this.revealed = id;
    const g = id ? layer.querySelector(`g.tunit-text[data-label-of="${CSS.escape(id)}"]`) : null;
    if (g) {
      g.classList.add('shown');
      layer.appendChild(g); // above the labels shown
    }
  }

  // ---- Drawing ----

  private defs(): SVGDefsElement {
    return svg('defs', {}, [
      svg('pattern', { id: 'tb-woods', width: 120, height: 120, patternUnits: 'userSpaceOnUse' }, [
        svg('rect', { width: 120, height: 120, fill: '#4f6b2c' }),
        svg('circle', { cx: 30, cy: 30, r: 22, fill: '#3d5a20' }),
        svg('circle', { cx: 90, cy: 85, r: 26, fill: '#36521b' }),
        svg('circle', { cx: 85, cy: 25, r: 14, fill: '#456526' }),
      ]),
      svg('pattern', { id: 'tb-town', width: 100, height: 100, patternUnits: 'userSpaceOnUse' }, [
        svg('rect', { width: 100, height: 100, fill: '#b9a58a' }),
        svg('rect', { x: 10, y: 12, width: 34, height: 26, fill: '#8d5b3a' }),
        svg('rect', { x: 58, y: 55, width: 30, height: 32, fill: '#7a4a2e' }),
      ]),
      svg('pattern', { id: 'tb-marsh', width: 80, height: 40, patternUnits: 'userSpaceOnUse' }, [
        svg('rect', { width: 80, height: 40, fill: '#7f9a7a' }),
        svg('path', { d: 'M10,30 h20 M50,12 h20', stroke: '#3f6a7a', 'stroke-width': 5 }),
      ]),
      svg('filter', { id: 'tb-shadow', x: '-20%', y: '-20%', width: '150%', height: '150%' }, [
        svg('feDropShadow', { dx: 12, dy: 16, stdDeviation: 8, 'flood-color': '#1b1408', 'flood-opacity': 0.5 }),
      ]),
      svg('marker', { id: 'tb-trailhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'turn-trail-head' }),
      ]),
      svg('marker', { id: 'tb-attackhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'turn-attack-head' }),
      ]),
      svg('marker', { id: 'tb-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#c0180c' }),
      ]),
    ]);
  }

  private drawTable(): void {
    const { cloth, terrain, roads, names } = this.layers;
    for (const g of [cloth, terrain, roads, names]) clear(g);
    const st = this.st!;
    const u = this.upi;
    cloth.appendChild(svg('rect', { x: 0, y: 0, width: this.W, height: this.H, class: 'table-cloth', 'data-testid': 'table-cloth' }));
    // An inch grid, stronger every 6 inches.
    let fine = '';
    let bold = '';
    for (let x = u; x < this.W; x += u) (Math.round(x / u) % 6 === 0 ? (bold += `M${x},0V${this.H}`) : (fine += `M${x},0V${this.H}`));
    for (let y = u; y < this.H; y += u) (Math.round(y / u) % 6 === 0 ? (bold += `M0,${this.H - y}H${this.W}`) : (fine += `M0,${this.H - y}H${this.W}`));
    cloth.appendChild(svg('path', { d: fine, class: 'table-grid' }));
    cloth.appendChild(svg('path', { d: bold, class: 'table-grid major' }));
    // Terrain: water under crossings, zones on top.
    const rank = (t: string) => (['river', 'lake', 'marsh'].includes(t) ? 0 : ['ford', 'bridge'].includes(t) ? 2 : t === 'zone' ? 4 : 1);
    const sorted = [...st.terrain].sort((a, b) => rank(a.type) - rank(b.type));
    for (const t of sorted) {
      const fill = t.type === 'woods' ? 'url(#tb-woods)' : t.type === 'town' || t.type === 'village' ? 'url(#tb-town)' : t.type === 'marsh' ? 'url(#tb-marsh)' : undefined;
      terrain.appendChild(
        svg('polygon', { points: this.pointsAttr(t.polygon), class: `terrain terrain-${t.type}`, fill, 'data-testid': `terrain-${t.id}`, 'data-terrain': t.type }),
      );
      if (t.type === 'objective') {
        const c = centroid(t.polygon);
        names.appendChild(svg('text', { x: c[0], y: this.H - c[1], class: 'terrain-name objective', 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': 0.6 * u }, ['✠']));
      }
      if (t.name && t.type !== 'river') {
        const c = centroid(t.polygon);
        names.appendChild(
          svg('text', { x: c[0], y: this.H - c[1] + (t.type === 'objective' ? 0.9 * u : 0), class: `terrain-name name-${t.type}`, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': 0.7 * u }, [
            t.name,
          ]),
        );
      }
    }
    for (const r of st.roads) {
      const pts = this.pointsAttr(r.line);
      roads.appendChild(svg('polyline', { points: pts, class: 'road-edge', 'stroke-width': 1.1 * u }));
      roads.appendChild(svg('polyline', { points: pts, class: 'road', 'stroke-width': 0.8 * u, 'data-testid': `road-${r.id}` }));
    }
    // Linear features: the line by its type; a line held from one side has short ticks on the
    // other, the side its enemy comes from.
    for (const l of st.lines) {
      const pts = this.pointsAttr(l.line);
      const dash = LINE_DASH[l.type];
      const attrs: Attrs = { points: pts, class: `line-feature line-${l.type}`, 'stroke-width': 0.25 * u, 'data-testid': `line-${l.id}`, 'data-line': l.type };
      if (dash) attrs['stroke-dasharray'] = dash.map((x) => x * u).join(' ');
      roads.appendChild(svg('polyline', attrs));
      if (l.defended !== 'left' && l.defended !== 'right') continue;
      const out = l.defended === 'left' ? -1 : 1; // the open side: right of the line when held from its left
      let d = '';
      for (let i = 0; i + 1 < l.line.length; i++) {
        const [ax, ay] = l.line[i];
        const [bx, by] = l.line[i + 1];
        const len = Math.hypot(bx - ax, by - ay);
        if (len === 0) continue;
        const nx = (out * (by - ay)) / len;
        const ny = (-out * (bx - ax)) / len;
        for (let t = 0.25 * u; t < len; t += 0.5 * u) {
          const x = ax + ((bx - ax) * t) / len;
          const y = ay + ((by - ay) * t) / len;
          d += `M${x},${this.H - y}L${x + 0.3 * u * nx},${this.H - (y + 0.3 * u * ny)}`;
        }
      }
      roads.appendChild(svg('path', { d, class: `line-ticks line-${l.type}`, 'stroke-width': 0.12 * u }));
    }
    // Compass: north is up the table.
    names.appendChild(compass(`translate(${1.2 * u},${1.6 * u}) scale(${u / 12})`));
    this.fitTerrainNames();
  }

  render(frame: BoardFrame): void {
    this.frame = frame;
    const st = readTableState(frame.state);
    this.st = st;
    if (!this.root) return;
    const key = `${st.width}x${st.height}:${st.upi}:${JSON.stringify(frame.state.terrain ?? [])}:${JSON.stringify(frame.state.roads ?? [])}:${JSON.stringify(frame.state.lines ?? [])}`;
    if (key !== this.drawnTable) {
      const resized = st.width !== this.W || st.height !== this.H;
      this.W = st.width;
      this.H = st.height;
      this.upi = st.upi;
      if (resized) this.pz.setFull(this.fullBox());
      this.drawTable();
      this.drawnTable = key;
    }
    if (!frame.interactive) this.aim = null;
    if (this.aim && !frame.index.all.some((a) => a.by === this.aim)) this.aim = null;
    this.allGhosts = frame.interactive ? ghostsOf(frame.index.all.filter((a) => MOVE_KINDS.has(a.kind ?? '') && a.kind !== 'place')) : [];
    // A new position lets go of the unit held with no pick step (its placement was for the last).
    const posKey = `${String(frame.state.turn ?? '')}:${String(frame.state.phase ?? '')}:${frame.index.all.map((a) => a.id).join(',')}`;
    if (posKey !== this.positionKey) {
      this.positionKey = posKey;
      if (this.held) this.hold(null);
    }
    if (!frame.interactive) this.facingChoice = null;
    this.picks = frame.interactive ? standPicks(frame.index.all, st.units) : [];
    if (this.standChoice) this.standChoice = this.picks.find((p) => p.key === this.standChoice?.key && p.actions.length > 1) ?? null;
    if (this.hovered && !frame.index.all.some((a) => a.id === this.hovered?.id)) this.hovered = null;
    this.draw();
    // A drop made while its pick was on its way (timers: never inside the shell's own update).
    if (this.pendingDrop) window.setTimeout(() => this.tryPendingDrop(), 0);
    const sig = picksSignature(this.picks);
    const changed = sig !== this.picksSeen;
    if (frame.interactive) this.picksSeen = sig;
    const step = standZoomStep(this.standZoom, { interactive: frame.interactive, picks: this.picks.length, changed, decisions: frame.index.all.length, zoomedIn: this.pz.zoomedIn });
    if (step === 'focus') {
      this.standZoom = true;
      this.focus();
    } else if (step === 'fit') {
      this.standZoom = false;
      if (this.pz.zoomedIn) this.pz.fit();
    }
  }

  /** The pointer is on a decision (a button of the panel or a stand here): mark what it names. */
  preview(a: Action | null): void {
    this.hovered = a;
    this.drawHover();
  }

  sideColours(side: string): [string, string] {
    const named = NAMED_COLOURS[side.toLowerCase()];
    if (named) return named;
    const i = this.sideOrder.indexOf(side);
    return DEFAULT_COLOURS[i >= 0 ? i % 2 : 0];
  }

  private draw(): void {
    const st = this.st;
    const f = this.frame;
    if (!st || !f || !this.root) return;
    const { region, trails, arcs, ghosts, los, units, labels, stands, turns, marks, results, overlay } = this.layers;
    for (const g of [region, trails, arcs, ghosts, los, units, labels, stands, turns, marks, results, overlay]) clear(g);
    this.root.classList.toggle('interactive', f.interactive);
    const u = this.upi;
    const legal = f.interactive ? f.index.all : [];
    const selectable = new Set(legal.filter((a) => a.kind === 'select-unit').map((a) => a.unit as string));
    // With no pick step, the units the decisions move are the ones to pick up.
    if (this.freeMode()) for (const a of legal) if (typeof a.mover === 'string' && MOVE_KINDS.has(a.kind ?? '')) selectable.add(a.mover);
    const strikes = legal.filter((a) => a.kind === 'shoot' || a.kind === 'melee');
    const strikers = new Set(strikes.map((a) => a.by as string));
    const targets = new Set(strikes.filter((a) => !this.aim || a.by === this.aim).map((a) => a.unit as string));
    const sel = this.selectedUnit();
    const byId = new Map(st.units.map((x) => [x.id, x]));

    // The region the picked unit's centre may reach (free placement).
    const pl = f.interactive ? this.placementNow() : null;
    if (pl && sel && pl.unit === sel.id && pl.reach.length > 2) {
      region.appendChild(svg('polygon', { points: this.pointsAttr(pl.reach), class: 'reach', 'data-testid': 'reach' }));
    }

    // Front arcs: the picked unit's, or the aiming unit's.
    const arcUnit = sel ?? (this.aim ? byId.get(this.aim) : undefined);
    if (arcUnit && arcUnit.onTable) {
      arcs.appendChild(svg('polygon', { points: this.pointsAttr(frontArc(arcUnit, 12 * u)), class: 'front-arc', 'data-testid': 'front-arc' }));
    }

    // Ghosts of the candidate moves and charges, grouped by where they put the centre.
    const groups = new Map<string, Ghost[]>();
    for (const g of this.ghosts) {
      if (g.action.kind === 'hold' || g.action.kind === 'turn') continue;
      const k = `${Math.round(g.x / 5)},${Math.round(g.y / 5)}`;
      const l = groups.get(k);
      if (l) l.push(g);
      else groups.set(k, [g]);
    }
    for (const gs of groups.values()) {
      const charge = gs.some((g) => g.action.kind === 'charge');
      const keep = sel ? gs.find((g) => angleDiff(g.headingDeg, sel.headingDeg) < 0.5) ?? gs[0] : gs[0];
      ghosts.appendChild(svg('polygon', { points: this.pointsAttr(keep.corners), class: `ghost-base${charge ? ' charge' : ''}` }));
      for (const m of this.pushedMarks(keep.action, 'ghost-base')) ghosts.appendChild(m);
    }
    for (const gs of groups.values()) {
      const charge = gs.some((g) => g.action.kind === 'charge');
      const [x, y] = this.P([gs[0].x, gs[0].y]);
      ghosts.appendChild(
        svg('circle', {
          cx: x,
          cy: y,
          r: (charge ? 0.45 : 0.3) * u,
          class: `ghost-dot${charge ? ' charge' : ''}${gs.length > 1 ? ' several' : ''}`,
          'data-ghosts': gs.map((g) => g.action.id).join(','),
          'data-testid': `ghost-${gs[0].action.id}`,
        }),
      );
    }

    // Lines of sight: from each shooter's front centre to the enemies it may shoot or must fight.
    for (const a of strikes) {
      if (this.aim && a.by !== this.aim) continue;
      const s = byId.get(a.by as string);
      const t = byId.get(a.unit as string);
      if (!s || !t) continue;
      const [x1, y1] = this.P(frontCentre(s));
      const [x2, y2] = this.P([t.x, t.y]);
      los.appendChild(
        svg('line', { x1, y1, x2, y2, class: `los ${a.kind}${this.aim ? ' aimed' : ''}`, 'marker-end': 'url(#tb-arrow)', 'data-testid': `los-${a.by}-${a.unit}` }),
      );
    }

    // Units, and their labels above them all.
    for (const x of st.units) {
      if (!x.onTable || x.removed || x.corners.length !== 4) continue;
      const roles: string[] = [];
      if (selectable.has(x.id)) roles.push('select');
      if (strikers.has(x.id) && (!this.aim || this.aim === x.id)) roles.push('striker');
      if (targets.has(x.id)) roles.push('target');
      units.appendChild(this.unitShape(x, roles, sel?.id === x.id || this.aim === x.id));
      labels.appendChild(this.unitLabel(x));
    }
    this.fitLabels();

    // Stands a decision names: ringed by what the decision does, numbered as the decisions
    // number them; the stands that would strike are outlined beside them.
    for (const s of strikingStands(legal, st.units))
      stands.appendChild(svg('polygon', { points: this.pointsAttr(s.corners), class: 'stand-striker', 'data-testid': `striker-${s.unit}-${s.stand}` }));
    for (const p of this.picks) {
      stands.appendChild(
        svg('g', { class: `stand-pick role-${p.role}${this.standChoice?.key === p.key ? ' chosen' : ''}`, 'data-stand-pick': p.key, 'data-testid': `stand-${p.unit}-${p.stand}` }, [
          svg('polygon', { points: this.pointsAttr(p.corners), 'stroke-width': 0.16 * u }),
          ...this.standBadge(p),
          svg('title', {}, [p.actions.map((a) => a.name).join('\n')]),
        ]),
      );
    }

    // Turns in place: an arrow each around the picked unit, pointing the way it would face.
    if (sel)
      for (const g of this.ghosts.filter((x) => x.action.kind === 'turn')) {
        const a = (g.headingDeg * Math.PI) / 180;
        const r = 2.9 * u;
        const [x, y] = this.P([sel.x + Math.cos(a) * r, sel.y + Math.sin(a) * r]);
        turns.appendChild(
          svg('g', { class: 'choice-facing turn-arrow', 'data-choice': g.action.id, 'data-testid': `turn-${g.action.id}`, transform: `translate(${x},${y}) scale(${u / 26})` }, [
            svg('circle', { r: 11 }),
            svg('path', { d: 'M0,-7.5 L6,4 L0,1.2 L-6,4 Z', transform: `rotate(${90 - g.headingDeg})` }),
            svg('title', {}, [g.action.name]),
          ]),
        );
      }

    // A pending choice from the shell (several decisions for one unit), or facings at a ghost.
    if (this.facingChoice && f.interactive) overlay.appendChild(this.facingOverlay(this.facingChoice));
    else if (this.standChoice && f.interactive) overlay.appendChild(this.choiceMenu(this.standChoice.actions, centroid(this.standChoice.corners)));
    else if (f.choice && f.interactive) {
      const at = f.choice.at.unit ? byId.get(f.choice.at.unit) : undefined;
      overlay.appendChild(this.choiceMenu(f.choice.actions, at ? [at.x, at.y] : undefined));
    }
    void marks;
    if (f.since) this.drawTurn(readTableState(f.since), st, f.attacks ?? []);
    this.drawHover();
    if (this.dragUnit?.moved) this.drawDrag(); // a drag goes on across a new position (its pick)
  }

  /** The other side's turn: where each unit stood (faint), a trail to where it stands, results. */
  private drawTurn(before: TableState, st: TableState, attacks: { from: string; to: string }[]): void {
    const { trails, results } = this.layers;
    const u = this.upi;
    const size = this.scale > 0 ? Math.max(0.64 * u, LABEL_MIN_PX / this.scale) : 0.64 * u;
    // Units by their names (the position's), never their ids; one removed since by its old name.
    const nameOf = (id: string) => capitalised(st.units.find((x) => x.id === id)?.name ?? before.units.find((x) => x.id === id)?.name ?? id);
    for (const c of turnChanges(before, st)) {
      const name = nameOf(c.id);
      if (c.fromCorners.length === 4) trails.appendChild(svg('polygon', { points: this.pointsAttr(c.fromCorners), class: 'turn-from' }));
      if (c.from && c.to && c.fromCorners.length > 0) {
        const [x1, y1] = this.P(c.from);
        const [x2, y2] = this.P(c.to);
        trails.appendChild(
          svg('line', { x1, y1, x2, y2, class: 'turn-trail', style: `stroke-width:${0.22 * u}px;stroke-dasharray:${0.5 * u}px ${0.3 * u}px`, 'marker-end': 'url(#tb-trailhead)', 'data-testid': 'turn-trail', 'data-unit': c.id }, [
            svg('title', {}, [`${name} moved`]),
          ]),
        );
      }
      const at = c.to ?? c.from;
      if (!c.result || !at) continue;
      const [x, y] = this.P(at);
      const w = c.result.length * size * 0.6 + size;
      results.appendChild(
        svg('g', { class: 'turn-result', transform: `translate(${x},${y - 1.4 * size})`, 'data-testid': 'turn-result', 'data-unit': c.id }, [
          svg('rect', { x: -w / 2, y: -0.7 * size, width: w, height: 1.4 * size, rx: 0.3 * size }),
          svg('text', { x: 0, y: 0, style: `font-size:${size}px`, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [c.result]),
          svg('title', {}, [`${name}: ${c.result}`]),
        ]),
      );
    }
    // Each attack or shot: an arrow from the centre of the unit that made it to its target's,
    // stopping short of the target's centre; drawn last, above the result tags.
    for (const x of attackLines(attacks, before, st)) {
      const [ax, ay] = this.P(x.a);
      const [bx, by] = this.P(x.b);
      const d = Math.hypot(bx - ax, by - ay) || 1;
      const [ux, uy] = [(bx - ax) / d, (by - ay) / d];
      const back = Math.min(0.6 * u, d / 3);
      const x2 = bx - ux * back;
      const y2 = by - uy * back;
      // Pieces in contact stand close: the arrow is at least 1.6" long, reaching back behind
      // the attacker's centre, so that it reads as an arrow at the whole table's scale.
      const len = Math.max(d - back, 1.6 * u);
      const x1 = x2 - ux * len;
      const y1 = y2 - uy * len;
      results.appendChild(
        svg('line', { x1, y1, x2, y2, class: 'turn-attack', style: `stroke-width:${0.2 * u}px`, 'marker-end': 'url(#tb-attackhead)', 'data-testid': 'turn-attack', 'data-from': x.from, 'data-to': x.to }, [
          svg('title', {}, [`${nameOf(x.from)} attacked ${nameOf(x.to).replace(/^The /, 'the ')}`]),
        ]),
      );
    }
  }

  /** The stand the hovered decision names, and for a strike the line from the striking stand. */
  private drawHover(): void {
    const layer = this.layers.hover;
    const st = this.st;
    if (!layer || !st) return;
    clear(layer);
    const a = this.hovered;
    // A move hovered in the panel that pushes pieces back: where they would go, as on the board.
    if (a && this.frame?.interactive) for (const m of this.pushedMarks(a, 'ghost-hover')) layer.appendChild(m);
    const at = a && this.frame?.interactive ? standOf(a) : null;
    if (!a || !at) return;
    const unit = st.units.find((x) => x.id === at.unit);
    const pick = this.picks.find((p) => p.unit === at.unit && p.stand === at.stand);
    const corners = pick?.corners ?? unit?.stands[at.stand]?.corners ?? [];
    if (corners.length !== 4) return;
    layer.appendChild(svg('polygon', { points: this.pointsAttr(corners), class: `stand-hover role-${standRole(a.kind)}`, 'data-testid': 'stand-hover', 'stroke-width': 0.22 * this.upi }));
    // The stand's number again, above the hover mark's outline (clicks go through to the pick).
    if (pick) layer.appendChild(svg('g', { class: `stand-pick stand-hover-number role-${pick.role}` }, this.standBadge(pick)));
    const byStand = typeof a.by === 'string' && typeof a.by_stand === 'number' ? st.units.find((x) => x.id === a.by)?.stands[a.by_stand] : undefined;
    if (byStand && byStand.corners.length === 4) {
      const [x1, y1] = this.P(centroid(byStand.corners));
      const [x2, y2] = this.P(centroid(corners));
      layer.appendChild(svg('line', { x1, y1, x2, y2, class: 'los melee aimed', 'marker-end': 'url(#tb-arrow)' }));
    }
  }

  /**
   * A stand pick's number badge. It sits on the stand's rear edge, half outside it, so that it
   * leaves the unit's name and hits (written across the middle of the base) readable.
   */
  private standBadge(p: StandPick): SVGElement[] {
    const u = this.upi;
    const [cx, cy] = badgeAt(this.P(mid(p.corners[0], p.corners[1])), this.P(mid(p.corners[2], p.corners[3])), 0.2 * u);
    const [size, r] = this.badgeSize();
    return [
      svg('circle', { cx, cy, r, class: 'stand-pick-badge' }),
      svg('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size, class: 'stand-pick-number' }, [String(p.stand + 1)]),
    ];
  }

  /** A stand badge's number size and radius (board units): never under 11.5 px on screen. */
  private badgeSize(): [number, number] {
    const u = this.upi;
    const size = this.scale > 0 ? Math.max(0.42 * u, LABEL_MIN_PX / this.scale) : 0.42 * u;
    return [size, Math.max(0.34 * u, 0.8 * size)];
  }

  /** Sizes the stand badges drawn for the view (a zoom changes what 11.5 px is on the board). */
  private fitBadges(): void {
    const [size, r] = this.badgeSize();
    for (const t of this.root?.querySelectorAll<SVGTextElement>('text.stand-pick-number') ?? []) {
      t.setAttribute('font-size', String(size));
      const c = t.previousElementSibling;
      if (c?.classList.contains('stand-pick-badge')) c.setAttribute('r', String(r));
    }
  }

  private unitShape(x: TableUnit, roles: string[], selected: boolean): SVGGElement {
    const u = this.upi;
    const [fill, ink] = this.sideColours(x.side);
    const g = svg('g', {
      class: unitClasses(x, roles, selected),
      'data-unit': x.id,
      'data-testid': `unit-${x.id}`,
      'data-roles': roles.join(' ') || undefined,
    });
    const pts = this.pointsAttr(x.corners);
    // Marks in proportion to small bases (gwkho's are 40 mm wide, a fifth of an ohw unit's).
    const small = Math.min(Math.hypot(x.corners[0][0] - x.corners[1][0], x.corners[0][1] - x.corners[1][1]), Math.hypot(x.corners[1][0] - x.corners[2][0], x.corners[1][1] - x.corners[2][1]));
    const mark = (v: number, share: number) => Math.min(v * u, share * small);
    if (roles.length || selected) g.appendChild(svg('polygon', { points: pts, class: 'tunit-ring', 'stroke-width': mark(0.35, 0.25) }));
    // A piece standing uncrewed (a gun whose crew fled): a hollow base, dashed, with a faint wash
    // of its side's colour, instead of the filled one.
    if (x.uncrewed) g.appendChild(svg('polygon', { points: pts, class: 'tunit-base hollow', fill, 'fill-opacity': 0.22, 'data-testid': `uncrewed-${x.id}` }));
    else g.appendChild(svg('polygon', { points: pts, class: 'tunit-base', fill, filter: 'url(#tb-shadow)' }));
    // A unit made of stands: each living stand's outline (a turned-about archer stand dashed).
    for (const s of x.stands)
      if (s.alive && s.corners.length === 4)
        g.appendChild(svg('polygon', { points: this.pointsAttr(s.corners), class: `tunit-stand${s.turned ? ' turned' : ''}`, stroke: ink, 'stroke-width': 0.05 * u }));
    // The facing mark: a wedge on the front edge pointing ahead.
    const [fr, fl] = x.corners;
    const fc = frontCentre(x);
    const h = (x.headingDeg * Math.PI) / 180;
    const tip: Pt = [fc[0] + Math.cos(h) * mark(0.45, 0.45), fc[1] + Math.sin(h) * mark(0.45, 0.45)];
    const a: Pt = [fc[0] + (fr[0] - fc[0]) * 0.3, fc[1] + (fr[1] - fc[1]) * 0.3];
    const b: Pt = [fc[0] + (fl[0] - fc[0]) * 0.3, fc[1] + (fl[1] - fc[1]) * 0.3];
    g.appendChild(svg('polygon', { points: this.pointsAttr([a, tip, b]), class: 'tunit-facing', fill: ink }));
    g.appendChild(svg('polyline', { points: this.pointsAttr([fr, fl]), class: 'tunit-front', stroke: ink, 'stroke-width': mark(0.12, 0.1) }));
    g.appendChild(svg('title', {}, [describeTableUnit(x, (s) => this.sideNames[s] ?? s, u)]));
    return g;
  }

  /**
   * The unit's upright label (its type; below it, its id and hits where the ruleset counts
   * hits), in its own layer above the bases. fitLabels() sizes it and picks its form.
   */
  private unitLabel(x: TableUnit): SVGGElement {
    const [fill, ink] = this.sideColours(x.side);
    const [cx, cy] = this.P([x.x, x.y]);
    // How far the base reaches above and below its centre on the screen (a label set beside it
    // stands clear of it).
    const pts = x.corners.map((c) => this.P(c));
    const hx = Math.max(...pts.map((q) => Math.abs(q[0] - cx)));
    const hy = Math.max(...pts.map((q) => Math.abs(q[1] - cy)));
    // Where no number is written under the type (no hits counted), the long form carries the
    // number of the unit's label after its type ("Hc(s) #3"), as the log writes the piece.
    const number = x.hits === null ? unitNumber(x) : '';
    const long = number ? `${typeLabel(x.type)} ${number}` : typeLabel(x.type);
    const g = svg('g', { class: 'tunit-text', 'data-label-of': x.id, 'data-cx': cx, 'data-cy': cy, 'data-hx': hx.toFixed(1), 'data-hy': hy.toFixed(1), 'data-long': long, 'data-short': typeLabel(x.type, true) });
    const paint = { fill: ink, stroke: fill, 'paint-order': 'stroke', 'stroke-linejoin': 'round', 'text-anchor': 'middle' };
    // The leader line to the label when it stands beside the base (fitLabels).
    g.appendChild(svg('line', { class: 'tunit-leader', stroke: fill, x1: cx, y1: cy, x2: cx, y2: cy }));
    g.appendChild(svg('text', { ...paint, x: cx, y: cy, class: 'tunit-label', 'data-testid': `label-${x.id}` }, [long]));
    const tag = unitTag(x);
    if (tag) {
      // [uncrewed] Above the type, a small tag saying no one works the piece (or an enemy does).
      g.setAttribute('data-tag', tag);
      g.appendChild(svg('text', { ...paint, x: cx, y: cy, class: `tunit-tag tag-${tag}`, 'data-testid': `tag-${x.id}` }, [tag]));
    }
    if (x.hits !== null) {
      // Below the type, the unit's number among its side's units of that type (from its name;
      // the colour says the side) and its hits: never its id.
      const n = unitNumber(x);
      g.setAttribute('data-hits-long', `${n ? `${n} · ` : ''}${x.hits} hit${x.hits === 1 ? '' : 's'}`);
      g.setAttribute('data-hits-short', `${n ? `${n} · ` : ''}${x.hits}`);
      g.appendChild(svg('text', { ...paint, x: cx, y: cy, class: 'tunit-hits', 'data-testid': `hits-${x.id}` }, [g.getAttribute('data-hits-long') ?? '']));
    }
    return g;
  }

  /**
   * Sizes the labels for the view (issue 20): never under 11.5 screen pixels tall (at the
   * table's own scale when that is larger), each on its base in its long form, else its short
   * form, else in its short form beside the base (above or below, a row or two out, else to its
   * left or right) with a leader line, where it stands on no other unit's middle; none where none
   * of these is free of the labels already shown (shown again on hover or when zoomed in).
   */
  private fitLabels(): void {
    const layer = this.layers.labels;
    const k = this.scale;
    if (!layer || k <= 0) return;
    const u = this.upi;
    const size = Math.max(0.64 * u, LABEL_MIN_PX / k);
    const groups = Array.from(layer.querySelectorAll<SVGGElement>('g.tunit-text'));
    const centres: Pt[] = groups.map((g) => [Number(g.getAttribute('data-cx')), Number(g.getAttribute('data-cy'))]);
    const offsets: Pt[][] = [];
    const forms = groups.map((g, i) => {
      const [cx, cy] = centres[i];
      const hits = g.querySelector<SVGTextElement>('text.tunit-hits');
      const lines = hits ? 2 : 1;
      // An uncrewed piece's tag stands above its type: its box reaches up over it.
      const tag = g.getAttribute('data-tag');
      const tagUp = tag ? 1.0 * size : 0;
      const height = lines * size * 1.05 + tagUp;
      const width = (text: string, hitsText: string | null) =>
        // A gap of 0.3 of the size between neighbours, so that they never read as one word.
        (Math.max(this.textWidth(text), hitsText ? this.textWidth(hitsText) : 0, tag ? 0.8 * this.textWidth(tag) : 0) + 0.3) * size;
      const box = (text: string, hitsText: string | null, [dx, dy]: Pt): Box => {
        const w = width(text, hitsText);
        const top = cy + dy - (lines * size * 1.05) / 2;
        return [cx + dx - w / 2, top - tagUp, cx + dx + w / 2, top + lines * size * 1.05];
      };
      const long = g.getAttribute('data-long') ?? '';
      const short = g.getAttribute('data-short') ?? '';
      const hitsLong = g.getAttribute('data-hits-long');
      const hitsShort = g.getAttribute('data-hits-short');
      // Beside the base: offsets whose box covers no other unit's middle (it would read as that
      // unit's label).
      // Above and below first (a line of bases side by side), then left and right (a column).
      const w = width(short, hitsShort);
      const across = besideOffsets(Number(g.getAttribute('data-hx') ?? 0), w, 0.25 * size, 1);
      const beside: Pt[] = [
        ...besideOffsets(Number(g.getAttribute('data-hy') ?? 0), height, 0.25 * size).map((dy): Pt => [0, dy]),
        ...across.map((dx): Pt => [dx, 0]),
      ].filter((d) => {
        const b = box(short, hitsShort, d);
        return centres.every((c, j) => j === i || !boxHolds(b, c));
      });
      offsets.push([[0, 0], [0, 0], ...beside]);
      return [box(long, hitsLong, [0, 0]), box(short, hitsShort, [0, 0]), ...beside.map((d) => box(short, hitsShort, d))];
    });
    const chosen = chooseLabels(
      forms,
      forms.map(() => 1),
    );
    groups.forEach((g, i) => {
      const pick = chosen[i];
      const [cx0, cy0] = centres[i];
      const [dx, dy] = pick >= 0 ? offsets[i][pick] : [0, 0];
      const cx = cx0 + dx;
      const cy = cy0 + dy;
      const label = g.querySelector<SVGTextElement>('text.tunit-label');
      const hits = g.querySelector<SVGTextElement>('text.tunit-hits');
      g.classList.toggle('off', pick < 0);
      g.classList.toggle('beside', dx !== 0 || dy !== 0);
      for (const t of Array.from(g.querySelectorAll<SVGTextElement>('text'))) t.setAttribute('x', cx.toFixed(1));
      if (label) {
        label.textContent = pick === 0 ? g.getAttribute('data-long') : g.getAttribute('data-short');
        label.setAttribute('font-size', size.toFixed(1));
        label.setAttribute('stroke-width', (size * 0.16).toFixed(1));
        label.setAttribute('y', (hits ? cy - 0.1 * size : cy + 0.35 * size).toFixed(1));
      }
      if (hits) {
        hits.textContent = pick === 0 ? g.getAttribute('data-hits-long') : g.getAttribute('data-hits-short');
        const hs = Math.max(0.6 * u, LABEL_MIN_PX / k);
        hits.setAttribute('font-size', hs.toFixed(1));
        hits.setAttribute('stroke-width', (hs * 0.16).toFixed(1));
        hits.setAttribute('y', (cy + 0.05 * size + 0.85 * hs).toFixed(1));
      }
      // The uncrewed tag: smaller, just above the type.
      const tag = g.querySelector<SVGTextElement>('text.tunit-tag');
      if (tag) {
        const ts = Math.max(0.5 * u, (LABEL_MIN_PX * 0.9) / k);
        tag.setAttribute('font-size', ts.toFixed(1));
        tag.setAttribute('stroke-width', (ts * 0.16).toFixed(1));
        tag.setAttribute('y', (cy - (hits ? 1.1 : 0.75) * size).toFixed(1));
      }
      // The leader line: from the base's edge to the label's near edge.
      const leader = g.querySelector<SVGLineElement>('line.tunit-leader');
      if (leader) {
        const b = pick >= 0 ? forms[i][pick] : null;
        const hx = Number(g.getAttribute('data-hx') ?? 0);
        const hy = Number(g.getAttribute('data-hy') ?? 0);
        const from: Pt = [cx0 + Math.sign(dx) * hx * 0.5, cy0 + Math.sign(dy) * hy * 0.5];
        const to: Pt = !b ? [cx0, cy0] : dx !== 0 ? [dx < 0 ? b[2] : b[0], cy0] : [cx0, dy < 0 ? b[3] : b[1]];
        leader.setAttribute('x1', from[0].toFixed(1));
        leader.setAttribute('y1', from[1].toFixed(1));
        leader.setAttribute('x2', to[0].toFixed(1));
        leader.setAttribute('y2', to[1].toFixed(1));
        leader.setAttribute('stroke-width', (1.6 / k).toFixed(2));
      }
    });
  }

  /** A text's width per unit of font size (measured once per text, in the labels' font). */
  private textWidth(text: string, cls = 'tunit-label'): number {
    const known = this.widths.get(`${cls}:${text}`);
    if (known !== undefined) return known;
    const layer = this.layers.labels;
    let w = text.length * 0.55;
    if (layer) {
      const probe = svg('text', { class: cls, 'font-size': 100, x: 0, y: 0 }, [text]);
      layer.appendChild(probe);
      try {
        const len = probe.getComputedTextLength();
        if (len > 0) w = len / 100;
      } catch {
        // not laid out (hidden): the estimate
      }
      probe.remove();
    }
    this.widths.set(`${cls}:${text}`, w);
    return w;
  }

  /**
   * The names of terrain pieces: never under the labels' least size on the screen, and one left
   * out where it would overlap a name already shown (its piece still says it on hover).
   */
  private fitTerrainNames(): void {
    const layer = this.layers.names;
    const k = this.scale;
    if (!layer || k <= 0) return;
    const size = Math.max(0.7 * this.upi, LABEL_MIN_PX / k);
    const names = Array.from(layer.querySelectorAll<SVGTextElement>('text.terrain-name:not(.objective)'));
    const boxes = names.map((t): Box[] => {
      const cx = Number(t.getAttribute('x'));
      const cy = Number(t.getAttribute('y'));
      const w = (this.textWidth(t.textContent ?? '', t.getAttribute('class') ?? 'terrain-name') + 0.66) * size;
      return [[cx - w / 2, cy - size * 0.6, cx + w / 2, cy + size * 0.6]];
    });
    const chosen = chooseLabels(boxes);
    names.forEach((t, i) => {
      t.setAttribute('font-size', size.toFixed(1));
      t.classList.toggle('off', chosen[i] < 0);
    });
  }

  private showHoverGhosts(gs: Ghost[]): void {
    const m = this.layers.marks;
    if (!m) return;
    clear(m);
    for (const g of gs) {
      m.appendChild(svg('polygon', { points: this.pointsAttr(g.corners), class: `ghost-hover${g.action.kind === 'charge' ? ' charge' : ''}` }));
      for (const p of this.pushedMarks(g.action, 'ghost-hover')) m.appendChild(p);
    }
  }

  /**
   * The pieces a move pushes back before it: each one's ghost where it would end (`cls`: the
   * mover's ghost class, with `pushed`) and a trail from where it stands, named in its title.
   */
  private pushedMarks(a: Action, cls: string): SVGElement[] {
    const st = this.st;
    if (!st) return [];
    const out: SVGElement[] = [];
    for (const p of pushedGhosts(a, st.units)) {
      const title = `${capitalised(p.name)} would be pushed back here`;
      out.push(svg('polygon', { points: this.pointsAttr(p.corners), class: `${cls} pushed`, 'data-testid': 'pushed-ghost', 'data-unit': p.id }, [svg('title', {}, [title])]));
      if (!p.from) continue;
      const [x1, y1] = this.P(p.from);
      const [x2, y2] = this.P(p.to);
      out.push(
        svg('line', { x1, y1, x2, y2, class: 'pushed-trail', style: `stroke-width:${0.16 * this.upi}px`, 'marker-end': 'url(#tb-trailhead)', 'data-testid': 'pushed-trail', 'data-unit': p.id }, [
          svg('title', {}, [title]),
        ]),
      );
    }
    return out;
  }

  private drawDrag(): void {
    const m = this.layers.marks;
    if (!m) return;
    clear(m);
    const d = this.dragUnit;
    const sel = d ? this.st?.units.find((u) => u.id === d.unit) : undefined;
    if (!d || !d.moved || !sel) return;
    const at = straightOn(sel, d.at, d.heading, this.upi);
    const dx = at[0] - sel.x;
    const dy = at[1] - sel.y;
    const turn = ((d.heading - sel.headingDeg) * Math.PI) / 180;
    const moved = (u: TableUnit) =>
      u.corners.map(([x, y]): Pt => {
        const rx = x - sel.x;
        const ry = y - sel.y;
        return [sel.x + dx + rx * Math.cos(turn) - ry * Math.sin(turn), sel.y + dy + rx * Math.sin(turn) + ry * Math.cos(turn)];
      });
    const pl = this.selectedUnit()?.id === d.unit ? this.placementNow() : null;
    const waiting = !pl && (d.mode !== 'selected' || !!this.frame?.placementPending);
    const ok = waiting || (pl && pointInPolygon(at, pl.reach)) || !!snapToGhost(this.ghosts, at, 2 * this.upi);
    // A group's leader dropped straight ahead takes its group along (the placement's "group").
    const straight = turn === 0 && (dx !== 0 || dy !== 0) && Math.abs(angleDiff((Math.atan2(dy, dx) * 180) / Math.PI, sel.headingDeg)) < 0.5;
    const others = straight && pl?.group && pl.group.length > 1 ? this.st!.units.filter((u) => u.id !== sel.id && pl.group!.includes(u.id)) : [];
    for (const u of others) m.appendChild(svg('polygon', { points: this.pointsAttr(moved(u)), class: `drag-base group${ok ? '' : ' refused'}` }));
    m.appendChild(svg('polygon', { points: this.pointsAttr(moved(sel)), class: `drag-base${ok ? '' : ' refused'}`, 'data-testid': 'drag-base' }));
  }

  private facingOverlay(gs: Ghost[]): SVGGElement {
    const g = svg('g', { class: 'choice', 'data-testid': 'choice' });
    const u = this.upi;
    const [cx, cy] = this.P([gs[0].x, gs[0].y]);
    for (const gh of gs) {
      const a = (gh.headingDeg * Math.PI) / 180;
      const x = cx + Math.cos(a) * 1.6 * u;
      const y = cy - Math.sin(a) * 1.6 * u;
      g.appendChild(
        svg('g', { class: 'choice-facing', 'data-choice': gh.action.id, 'data-testid': `facing-${Math.round(gh.headingDeg)}`, transform: `translate(${x},${y}) scale(${u / 18})` }, [
          svg('circle', { r: 11 }),
          svg('path', { d: 'M0,-7.5 L6,4 L0,1.2 L-6,4 Z', transform: `rotate(${90 - gh.headingDeg})` }),
          svg('title', {}, [gh.action.name]),
        ]),
      );
    }
    return g;
  }

  private choiceMenu(actions: Action[], at: Pt | undefined): SVGGElement {
    const g = svg('g', { class: 'choice', 'data-testid': 'choice' });
    const u = this.upi;
    const w = 9 * u;
    const rowH = 0.9 * u;
    const [x0, y0] = at ? this.P(at) : [this.W / 2, this.H / 2];
    const left = x0 + 2.5 * u + w > this.W ? x0 - 2.5 * u - w : x0 + 2.5 * u;
    const top = Math.max(0, Math.min(y0 - (actions.length * rowH) / 2, this.H - actions.length * rowH));
    actions.forEach((a, i) => {
      g.appendChild(
        svg('g', { class: 'choice-item', 'data-choice': a.id, 'data-testid': `choice-${a.id}` }, [
          svg('rect', { x: left, y: top + i * rowH, width: w, height: rowH * 0.92, rx: 0.15 * u }),
          svg('text', { x: left + 0.25 * u, y: top + i * rowH + rowH * 0.5, 'dominant-baseline': 'middle', style: `font-size:${0.5 * u}px` }, [a.name]),
        ]),
      );
    });
    return g;
  }
}

/**
 * A drop that keeps the unit's facing and lands within 3 degrees of straight ahead (or straight
 * back) is taken as straight on: a person's hand is not that exact, and the rules price a move
 * straight ahead apart (a group's leader takes its group along only straight ahead).
 */
function straightOn(u: TableUnit, p: Pt, heading: number, upi: number): Pt {
  if (angleDiff(heading, u.headingDeg) >= 0.5) return p;
  const h = (u.headingDeg * Math.PI) / 180;
  const dx = p[0] - u.x;
  const dy = p[1] - u.y;
  const along = dx * Math.cos(h) + dy * Math.sin(h);
  const across = -dx * Math.sin(h) + dy * Math.cos(h);
  if (Math.abs(along) < 0.25 * upi || Math.abs(across) > Math.abs(along) * Math.tan((3 * Math.PI) / 180)) return p;
  return [u.x + along * Math.cos(h), u.y + along * Math.sin(h)];
}

function centroid(ps: Pt[]): Pt {
  if (ps.length === 0) return [0, 0];
  let x = 0;
  let y = 0;
  for (const p of ps) {
    x += p[0];
    y += p[1];
  }
  return [x / ps.length, y / ps.length];
}
