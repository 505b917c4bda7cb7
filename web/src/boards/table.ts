// The top-down table of the miniatures rulesets (ohw; fastplay follows the same state shape,
// docs/api.md "The table view"): the cloth to scale with an inch grid, terrain polygons styled
// by type, roads, unit bases at their exact corners with side colours, a facing mark on the
// front edge, type and hits; the picked unit with its front arc, the ghosts of its candidate
// moves and charges, and the region its centre may reach (free placement); lines of sight from
// the shooters to the enemies they may shoot; the stands of units made of stands, and the stands
// a decision names (one to lose, an enemy stand to strike, ...) ringed to be clicked. Click or
// drag to move; wheel or +/- to zoom.

import type { Action } from '../api';
import type { BoardCallbacks, BoardFrame, BoardRenderer } from './index';
import { mountBoardRoot, PanZoom, type ViewBox } from './panzoom';
import { clear, compass, svg } from './svg';
import {
  badgeAt,
  describeTableUnit,
  frontArc,
  frontCentre,
  ghostsOf,
  mid,
  placementAction,
  pointInPolygon,
  snapToGhost,
  typeLabel,
  angleDiff,
  readTableState,
  standOf,
  standPicks,
  standRole,
  standZoomStep,
  picksSignature,
  strikingStands,
  type Ghost,
  type StandPick,
  type Pt,
  type TableState,
  type TableUnit,
} from './tablemodel';

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
  private dragUnit: { id: number; start: Pt; moved: boolean; heading: number; at: Pt } | null = null;
  private suppressUntil = 0; // a click right after a drag or pan is not a click
  private aim: string | null = null; // the shooter or striker picked in the Shoot / Melee phase
  private facingChoice: Ghost[] | null = null;
  private ghosts: Ghost[] = [];
  private picks: StandPick[] = []; // the stands the decisions name, ringed to be clicked
  private standChoice: StandPick | null = null; // a stand several decisions name, awaiting a pick
  private hovered: Action | null = null; // the decision the pointer is on (a button or a stand)
  private standZoom = false; // zoomed on the stands of a decision by itself, to fit back after
  private picksSeen = ''; // picksSignature of the stands last ringed

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
    this.pz = new PanZoom(this.fullBox(), { maxZoom: 10, zoomedSlack: 1 });
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
        layers: ['cloth', 'terrain', 'roads', 'names', 'region', 'arcs', 'ghosts', 'los', 'units', 'stands', 'turns', 'marks', 'hover', 'overlay'],
      },
      this.pz,
      {
        click: (e) => this.onClick(e),
        move: (e) => this.onMove(e),
        leave: () => {
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
    return st?.selected ? st.units.find((u) => u.id === st.selected) : undefined;
  }

  private canPlace(): boolean {
    return !!this.frame?.interactive && (this.ghosts.length > 0 || !!this.frame.placement);
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    const target = e.target as Element;
    const sel = this.selectedUnit();
    const unitId = target.closest('[data-unit]')?.getAttribute('data-unit');
    if (sel && unitId === sel.id && this.canPlace()) {
      const p = this.toTable(e);
      if (p) this.dragUnit = { id: e.pointerId, start: p, moved: false, heading: sel.headingDeg, at: p };
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
      if (!d.moved) this.root?.setPointerCapture(d.id);
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
      const sel = this.selectedUnit();
      if (sel) this.dropAt(sel, d.at, d.heading, true);
      this.drawDrag();
      return;
    }
    if (this.pz.endPan()) this.suppressUntil = performance.now() + 400;
  }

  /**
   * A drop (or a click on the table) of the picked unit's centre at p facing `heading`: the
   * nearest ghost if one is close, else a free placement inside the reach; else nothing.
   */
  private dropAt(sel: TableUnit, p: Pt, heading: number, dragged: boolean): boolean {
    const pl = this.frame?.placement ?? null;
    const snap = snapToGhost(this.ghosts, p, (pl ? 0.6 : dragged ? 2 : 1) * this.upi, heading);
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
    this.cb?.onInspect(`${sel.id} cannot go there: drop it on a ghost or inside the green area.`);
    return false;
  }

  private placementDecision(id: number, unit: string, p: Pt): Action {
    return { id, name: `${unit} to (${(p[0] / this.upi).toFixed(2)}", ${(p[1] / this.upi).toFixed(2)}")`, kind: 'place', mover: unit };
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
    if (u) {
      this.cb?.onInspect(describeTableUnit(u, (s) => this.sideNames[s] ?? s, this.upi));
      // A decision about one stand is previewed only from that stand.
      this.cb?.onHover(f.index.byUnit.get(u.id)?.find((a) => !standOf(a)) ?? null);
      return;
    }
    const p = this.toTable(e);
    if (!p) return;
    const t = [...st.terrain].reverse().find((x) => pointInPolygon(p, x.polygon));
    this.cb?.onInspect(`(${(p[0] / this.upi).toFixed(1)}", ${(p[1] / this.upi).toFixed(1)}")${t ? ` ${t.type}${t.id ? ` (${t.id})` : ''}` : ''}`);
    this.cb?.onHover(null);
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
      if (t.id && t.type !== 'river') {
        const c = centroid(t.polygon);
        names.appendChild(
          svg('text', { x: c[0], y: this.H - c[1] + (t.type === 'objective' ? 0.9 * u : 0), class: `terrain-name name-${t.type}`, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': 0.7 * u }, [
            t.id,
          ]),
        );
      }
    }
    for (const r of st.roads) {
      const pts = this.pointsAttr(r.line);
      roads.appendChild(svg('polyline', { points: pts, class: 'road-edge', 'stroke-width': 1.1 * u }));
      roads.appendChild(svg('polyline', { points: pts, class: 'road', 'stroke-width': 0.8 * u, 'data-testid': `road-${r.id}` }));
    }
    // Compass: north is up the table.
    names.appendChild(compass(`translate(${1.2 * u},${1.6 * u}) scale(${u / 12})`));
  }

  render(frame: BoardFrame): void {
    this.frame = frame;
    const st = readTableState(frame.state);
    this.st = st;
    if (!this.root) return;
    const key = `${st.width}x${st.height}:${st.upi}:${JSON.stringify(frame.state.terrain ?? [])}:${JSON.stringify(frame.state.roads ?? [])}`;
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
    this.ghosts = frame.interactive ? ghostsOf(frame.index.all.filter((a) => MOVE_KINDS.has(a.kind ?? '') && a.kind !== 'place')) : [];
    if (!frame.interactive) this.facingChoice = null;
    this.picks = frame.interactive ? standPicks(frame.index.all, st.units) : [];
    if (this.standChoice) this.standChoice = this.picks.find((p) => p.key === this.standChoice?.key && p.actions.length > 1) ?? null;
    if (this.hovered && !frame.index.all.some((a) => a.id === this.hovered?.id)) this.hovered = null;
    this.draw();
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

  private sideColours(side: string): [string, string] {
    const named = NAMED_COLOURS[side.toLowerCase()];
    if (named) return named;
    const i = this.sideOrder.indexOf(side);
    return DEFAULT_COLOURS[i >= 0 ? i % 2 : 0];
  }

  private draw(): void {
    const st = this.st;
    const f = this.frame;
    if (!st || !f || !this.root) return;
    const { region, arcs, ghosts, los, units, stands, turns, marks, overlay } = this.layers;
    for (const g of [region, arcs, ghosts, los, units, stands, turns, marks, overlay]) clear(g);
    this.root.classList.toggle('interactive', f.interactive);
    const u = this.upi;
    const legal = f.interactive ? f.index.all : [];
    const selectable = new Set(legal.filter((a) => a.kind === 'select-unit').map((a) => a.unit as string));
    const strikes = legal.filter((a) => a.kind === 'shoot' || a.kind === 'melee');
    const strikers = new Set(strikes.map((a) => a.by as string));
    const targets = new Set(strikes.filter((a) => !this.aim || a.by === this.aim).map((a) => a.unit as string));
    const sel = this.selectedUnit();
    const byId = new Map(st.units.map((x) => [x.id, x]));

    // The region the picked unit's centre may reach (free placement).
    const pl = f.interactive ? f.placement ?? null : null;
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

    // Units.
    for (const x of st.units) {
      if (!x.onTable || x.removed || x.corners.length !== 4) continue;
      const roles: string[] = [];
      if (selectable.has(x.id)) roles.push('select');
      if (strikers.has(x.id) && (!this.aim || this.aim === x.id)) roles.push('striker');
      if (targets.has(x.id)) roles.push('target');
      units.appendChild(this.unitShape(x, roles, sel?.id === x.id || this.aim === x.id));
    }

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
    this.drawHover();
  }

  /** The stand the hovered decision names, and for a strike the line from the striking stand. */
  private drawHover(): void {
    const layer = this.layers.hover;
    const st = this.st;
    if (!layer || !st) return;
    clear(layer);
    const a = this.hovered;
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
    return [
      svg('circle', { cx, cy, r: 0.34 * u, class: 'stand-pick-badge' }),
      svg('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 0.42 * u, class: 'stand-pick-number' }, [String(p.stand + 1)]),
    ];
  }

  private unitShape(x: TableUnit, roles: string[], selected: boolean): SVGGElement {
    const u = this.upi;
    const [fill, ink] = this.sideColours(x.side);
    const g = svg('g', {
      class: ['tunit', `type-${x.type}`, selected ? 'selected' : '', ...roles.map((r) => `hl-${r}`)].filter(Boolean).join(' '),
      'data-unit': x.id,
      'data-testid': `unit-${x.id}`,
      'data-roles': roles.join(' ') || undefined,
    });
    const pts = this.pointsAttr(x.corners);
    if (roles.length || selected) g.appendChild(svg('polygon', { points: pts, class: 'tunit-ring', 'stroke-width': 0.35 * u }));
    g.appendChild(svg('polygon', { points: pts, class: 'tunit-base', fill, filter: 'url(#tb-shadow)' }));
    // A unit made of stands: each living stand's outline (a turned-about archer stand dashed).
    for (const s of x.stands)
      if (s.alive && s.corners.length === 4)
        g.appendChild(svg('polygon', { points: this.pointsAttr(s.corners), class: `tunit-stand${s.turned ? ' turned' : ''}`, stroke: ink, 'stroke-width': 0.05 * u }));
    // The facing mark: a wedge on the front edge pointing ahead.
    const [fr, fl] = x.corners;
    const fc = frontCentre(x);
    const h = (x.headingDeg * Math.PI) / 180;
    const tip: Pt = [fc[0] + Math.cos(h) * 0.45 * u, fc[1] + Math.sin(h) * 0.45 * u];
    const a: Pt = [fc[0] + (fr[0] - fc[0]) * 0.3, fc[1] + (fr[1] - fc[1]) * 0.3];
    const b: Pt = [fc[0] + (fl[0] - fc[0]) * 0.3, fc[1] + (fl[1] - fc[1]) * 0.3];
    g.appendChild(svg('polygon', { points: this.pointsAttr([a, tip, b]), class: 'tunit-facing', fill: ink }));
    g.appendChild(svg('polyline', { points: this.pointsAttr([fr, fl]), class: 'tunit-front', stroke: ink, 'stroke-width': 0.12 * u }));
    const [cx, cy] = this.P([x.x, x.y]);
    // Upright text, sized to stay readable (11 px or more) in the default view of a 36-inch table
    // at 1366x768 (issue 20); a base turned end-on to the viewer gets the short forms.
    const wide = Math.max(...x.corners.map((p) => p[0])) - Math.min(...x.corners.map((p) => p[0]));
    const narrow = wide < 3.2 * u;
    g.appendChild(
      svg('text', { x: cx, y: cy - 0.1 * u, class: 'tunit-label', fill: ink, 'text-anchor': 'middle', 'font-size': 0.64 * u }, [typeLabel(x.type, narrow)]),
    );
    g.appendChild(
      svg('text', { x: cx, y: cy + 0.62 * u, class: 'tunit-hits', fill: ink, 'text-anchor': 'middle', 'font-size': 0.6 * u, 'data-testid': `hits-${x.id}` }, [
        narrow ? `${x.id} · ${x.hits}` : `${x.id} · ${x.hits} hit${x.hits === 1 ? '' : 's'}`,
      ]),
    );
    g.appendChild(svg('title', {}, [describeTableUnit(x, (s) => this.sideNames[s] ?? s, u)]));
    return g;
  }

  private showHoverGhosts(gs: Ghost[]): void {
    const m = this.layers.marks;
    if (!m) return;
    clear(m);
    for (const g of gs)
      m.appendChild(svg('polygon', { points: this.pointsAttr(g.corners), class: `ghost-hover${g.action.kind === 'charge' ? ' charge' : ''}` }));
  }

  private drawDrag(): void {
    const m = this.layers.marks;
    if (!m) return;
    clear(m);
    const d = this.dragUnit;
    const sel = this.selectedUnit();
    if (!d || !d.moved || !sel) return;
    const dx = d.at[0] - sel.x;
    const dy = d.at[1] - sel.y;
    const turn = ((d.heading - sel.headingDeg) * Math.PI) / 180;
    const corners = sel.corners.map(([x, y]): Pt => {
      const rx = x - sel.x;
      const ry = y - sel.y;
      return [sel.x + dx + rx * Math.cos(turn) - ry * Math.sin(turn), sel.y + dy + rx * Math.sin(turn) + ry * Math.cos(turn)];
    });
    const pl = this.frame?.placement;
    const ok = (pl && pointInPolygon(d.at, pl.reach)) || !!snapToGhost(this.ghosts, d.at, 2 * this.upi);
    m.appendChild(svg('polygon', { points: this.pointsAttr(corners), class: `drag-base${ok ? '' : ' refused'}`, 'data-testid': 'drag-base' }));
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
