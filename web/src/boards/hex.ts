// The hex-and-counter board (bma): the printed map in SVG with terrain, hex labels and place
// names; counters with side colour, rating, troop symbol, movement, status and facing; leader
// stars and the Carroccio; highlights of what the legal decisions let the player click.

import type { Action } from '../api';
import type { Role } from '../shell/interaction';
import { highlights } from '../shell/interaction';
import type { BoardCallbacks, BoardFrame, BoardRenderer } from './index';
import { facingAngle, hexAt, hexCenter, hexCorners, mapExtent, parseLabel, pointsAttr, towards, type Point } from './hexgeom';
import {
  describeLeader,
  describeUnit,
  hasOption,
  piecesByHex,
  readScenario,
  readState,
  sideIndex,
  type HexLeader,
  type HexScenario,
  type HexState,
  type HexUnit,
  turnChanges,
  attackHexes,
} from './hexmodel';
import { mountBoardRoot, PanZoom } from './panzoom';
import { clear, compass, starPoints, svg } from './svg';

const S = 30; // hex circumradius in map units
const MARGIN = 14;
/**
 * Readable counters (issue 20): the smallest text of a counter, a leader or a tag is 13 map
 * units (styles.css), so at READABLE_SCALE screen pixels per unit it is 11.5 px tall. A map too big
 * to show whole at that scale opens zoomed to it, on the action; the whole map is one key away
 * (0, or the fit tool). Hex numbers (7.5 units) show once they too are 11.5 px, else only the
 * hovered hex's, drawn at 11.5 px.
 */
const READ_PX = 11.5;
const SMALLEST_TEXT = 13;
export const READABLE_SCALE = READ_PX / SMALLEST_TEXT;
const HEX_LABEL_TEXT = 7.5;

export class HexBoard implements BoardRenderer {
  readonly kind = 'hex' as const;
  private sc: HexScenario;
  private extent: { width: number; height: number };
  private root: SVGSVGElement | null = null;
  private layers: Record<string, SVGGElement> = {};
  private cb: BoardCallbacks | null = null;
  private frame: BoardFrame | null = null;
  private state: HexState | null = null;
  private pz: PanZoom;
  private suppressClick = false;
  private hoverHex: string | null = null;
  private homed = false;
  private onAction = false; // the view has been centred on the action once
  /** The view stays readable (READABLE_SCALE) until the person zooms out or fits the map. */
  private keepReadable = true;
  private rezoom = 0;

  constructor(scenario: Record<string, unknown>) {
    this.sc = readScenario(scenario);
    this.extent = mapExtent(this.sc.spec, S);
    const full = { x: -MARGIN, y: -MARGIN, w: this.extent.width + 2 * MARGIN, h: this.extent.height + 2 * MARGIN };
    this.pz = new PanZoom(full, {
      maxZoom: 8,
      zoomedSlack: 0.5,
      // Hex numbers too small to read show only for the hex under the pointer, at 11 px.
      onApply: (root, scale) => {
        // A pane grown smaller (a window resized, a panel shown) zooms back to readable.
        if (this.keepReadable && this.homed && scale < READABLE_SCALE * 0.99 && !this.rezoom)
          this.rezoom = window.setTimeout(() => {
            this.rezoom = 0;
            const { view } = this.pz.current();
            if (this.keepReadable) this.pz.zoomToScale(READABLE_SCALE, { x: view.x + view.w / 2, y: view.y + view.h / 2 });
          }, 0);
        root.classList.toggle('tiny', scale * HEX_LABEL_TEXT < READ_PX);
        root.style.setProperty('--hx-read', `${(READ_PX / Math.max(scale, 1e-6)).toFixed(2)}px`);
      },
    });
  }

  aspect(): number {
    return this.pz.aspect();
  }

  mount(el: HTMLElement, callbacks: BoardCallbacks): void {
    this.cb = callbacks;
    const { root, layers } = mountBoardRoot(
      el,
      {
        cls: 'hex-board',
        label: this.sc.title ? `Map: ${this.sc.title}` : 'Map',
        defs: this.defs(),
        layers: ['terrain', 'grid', 'names', 'marks', 'trails', 'pieces', 'arrows', 'leaders', 'results', 'overlay'],
      },
      this.pz,
      {
        click: (e) => this.onClick(e),
        move: (e) => this.onMove(e),
        leave: () => {
          this.hoverHex = null;
          this.layers.grid?.querySelector('.hex-label.hover')?.classList.remove('hover');
          this.cb?.onHover(null);
          this.cb?.onInspect(null);
        },
        wheel: (e) => this.onWheel(e),
        down: (e) => this.onPointerDown(e),
        drag: (e) => this.onPointerMove(e),
        up: (e) => this.onPointerUp(e),
        cancel: (e) => this.onPointerUp(e),
      },
    );
    this.root = root;
    this.layers = layers;
    this.drawMap();
    this.pz.attach(root);
  }

  destroy(): void {
    if (this.rezoom) window.clearTimeout(this.rezoom);
    this.pz.detach();
    this.root?.remove();
    this.root = null;
  }

  // ---- Zoom and pan (panzoom.ts) ----

  zoom(factor: number, at?: Point): void {
    this.pz.zoom(factor, at);
    this.keepReadable = this.pz.current().scale >= READABLE_SCALE * 0.99;
  }

  fit(): void {
    this.keepReadable = false;
    this.pz.fit();
  }

  /** Zoom on where the action is: the pieces and places the decisions name, the combat. */
  focus(): void {
    const f = this.frame;
    const st = this.state;
    if (!f || !st) return;
    const hexes = new Set<string>();
    const unitHex = new Map(st.units.filter((u) => u.hex).map((u) => [u.id, u.hex as string]));
    const leaderHex = new Map(st.leaders.filter((l) => l.hex).map((l) => [l.id, l.hex as string]));
    for (const u of f.index.byUnit.keys()) if (unitHex.has(u)) hexes.add(unitHex.get(u)!);
    for (const l of f.index.byLeader.keys()) if (leaderHex.has(l)) hexes.add(leaderHex.get(l)!);
    for (const x of f.index.byHex.keys()) hexes.add(x);
    for (const id of [...(st.combat?.attackers ?? []), ...(st.combat?.defenders ?? []), st.selected ?? '']) {
      const x = unitHex.get(id) ?? leaderHex.get(id);
      if (x) hexes.add(x);
    }
    if (hexes.size === 0) return;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const x of hexes) {
      const p = parseLabel(x);
      if (!p) continue;
      const c = hexCenter(this.sc.spec, p.col, p.row, S);
      x0 = Math.min(x0, c.x - 2 * S);
      y0 = Math.min(y0, c.y - 2 * S);
      x1 = Math.max(x1, c.x + 2 * S);
      y1 = Math.max(y1, c.y + 2 * S);
    }
    this.keepReadable = true;
    this.pz.fitBox(x0, y0, x1, y1, 4);
    if (this.pz.current().scale < READABLE_SCALE) this.pz.zoomToScale(READABLE_SCALE, { x: (x0 + x1) / 2, y: (y0 + y1) / 2 });
  }

  /** The centre of what the decisions name (and the combat), or null when they name nothing. */
  private actionCentre(): Point | null {
    const f = this.frame;
    const st = this.state;
    if (!f || !st) return null;
    const pts: Point[] = [];
    const add = (hex: string | null | undefined) => {
      const p = hex ? parseLabel(hex) : null;
      if (p) pts.push(hexCenter(this.sc.spec, p.col, p.row, S));
    };
    const unitHex = new Map(st.units.filter((u) => u.hex).map((u) => [u.id, u.hex as string]));
    const leaderHex = new Map(st.leaders.filter((l) => l.hex).map((l) => [l.id, l.hex as string]));
    if (f.interactive) {
      for (const u of f.index.byUnit.keys()) add(unitHex.get(u));
      for (const l of f.index.byLeader.keys()) add(leaderHex.get(l));
      for (const x of f.index.byHex.keys()) add(x);
    }
    for (const id of [...(st.combat?.attackers ?? []), ...(st.combat?.defenders ?? []), st.selected ?? '']) add(unitHex.get(id) ?? leaderHex.get(id));
    if (pts.length === 0) return null;
    return { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
  }

  /**
   * The default view: the whole map when its counters are readable there; else zoomed until
   * they are (READABLE_SCALE), centred on the action. Later positions keep the zoom and bring
   * the action back into view when it has left it.
   */
  private followAction(): void {
    if (!this.root) return;
    const c = this.actionCentre();
    const { scale, view } = this.pz.current();
    if (!this.homed) {
      this.homed = true;
      if (scale < READABLE_SCALE) this.pz.zoomToScale(READABLE_SCALE, c ?? { x: this.extent.width / 2, y: this.extent.height / 2 });
      this.onAction = c !== null;
      return;
    }
    if (!c || !this.frame?.interactive) return;
    if (!this.onAction) {
      // Opened before the first decision was on offer: centred on it once it is.
      this.onAction = true;
      if (this.keepReadable) this.pz.centreOn(c);
      return;
    }
    const mx = view.w * 0.15;
    const my = view.h * 0.15;
    if (c.x < view.x + mx || c.x > view.x + view.w - mx || c.y < view.y + my || c.y > view.y + view.h - my) this.pz.centreOn(c);
  }

  /** Zoom so the map's width fills the pane (on a wide pane, a bigger map scrolled up and down). */
  /** The fill and ink of a side's counters (the log writes its pieces on them). */
  sideColours(side: string): [string, string] {
    return sideIndex(this.sc, side) === 0 ? ['var(--imperial)', 'var(--imperial-ink)'] : ['var(--lombard)', 'var(--lombard-ink)'];
  }

  fitWidth(): void {
    this.pz.fitWidth();
    this.keepReadable = this.pz.current().scale >= READABLE_SCALE * 0.99;
  }

  private toMap(e: MouseEvent): Point | null {
    return this.pz.toSvg(e);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    this.pz.wheel(e);
    this.keepReadable = this.pz.current().scale >= READABLE_SCALE * 0.99;
  }

  private onPointerDown(e: PointerEvent): void {
    this.pz.startPan(e); // pan only when zoomed in
  }

  private onPointerMove(e: PointerEvent): void {
    this.pz.movePan(e);
  }

  private onPointerUp(_e: PointerEvent): void {
    if (this.pz.endPan()) this.suppressClick = true;
  }

  // ---- Pointer on the map ----

  private onClick(e: MouseEvent): void {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const target = e.target as Element;
    const choice = target.closest('[data-choice]');
    if (choice && this.frame?.choice) {
      const id = Number(choice.getAttribute('data-choice'));
      const a = this.frame.choice.actions.find((x) => x.id === id);
      if (a) this.cb?.onChoose(a);
      return;
    }
    const p = this.toMap(e);
    if (!p) return;
    const hex = hexAt(this.sc.spec, p, S);
    const leaderEl = target.closest('[data-leader]');
    const leader = leaderEl?.getAttribute('data-leader') ?? undefined;
    if (!hex && !leader) return;
    const contents = hex && this.state ? piecesByHex(this.state).get(hex) : undefined;
    this.cb?.onPick(
      {
        hex: hex ?? undefined,
        unit: contents?.unit?.id,
        leader: leader ?? contents?.leaders[0]?.id,
      },
      leader !== undefined,
    );
  }

  private onMove(e: MouseEvent): void {
    if (this.pz.panning) return;
    const p = this.toMap(e);
    const hex = p ? hexAt(this.sc.spec, p, S) : null;
    const target = e.target as Element;
    const leaderId = target.closest('[data-leader]')?.getAttribute('data-leader') ?? null;
    const key = `${hex}|${leaderId}`;
    if (key === this.hoverHex) return;
    this.hoverHex = key;
    // The hovered hex's number, readable whatever the zoom.
    this.layers.grid?.querySelector('.hex-label.hover')?.classList.remove('hover');
    if (hex) this.layers.grid?.querySelector(`.hex-label[data-hex="${hex}"]`)?.classList.add('hover');
    if (!this.frame || !this.state) return;
    const contents = hex ? piecesByHex(this.state).get(hex) : undefined;
    // Inspector text.
    const bits: string[] = [];
    if (leaderId) {
      const l = this.state.leaders.find((x) => x.id === leaderId);
      if (l) bits.push(describeLeader(l));
    } else if (contents?.unit) {
      bits.push(describeUnit(contents.unit, this.state.leaders));
      for (const l of contents.leaders) bits.push(describeLeader(l));
    } else if (contents?.leaders.length) {
      for (const l of contents.leaders) bits.push(describeLeader(l));
    }
    if (hex) {
      const t = this.sc.terrain.get(hex) ?? 'clear';
      const name = this.sc.labels.get(hex);
      bits.push(`Hex ${hex}: ${t}${name ? ` (${name})` : ''}`);
    }
    this.cb?.onInspect(bits.length ? bits.join('\n') : null);
    // Odds preview: the decision this spot leads to, if any.
    const idx = this.frame.index;
    let act: Action | null = null;
    if (contents?.unit) act = idx.byUnit.get(contents.unit.id)?.[0] ?? null;
    if (!act && hex) act = idx.byHex.get(hex)?.[0] ?? null;
    this.cb?.onHover(act);
  }

  // ---- Drawing ----

  private defs(): SVGDefsElement {
    return svg('defs', {}, [
      svg('pattern', { id: 'hx-forest', width: 14, height: 14, patternUnits: 'userSpaceOnUse' }, [
        svg('rect', { width: 14, height: 14, fill: '#7f8f4e' }),
        svg('path', { d: 'M3.5 1.5 L6.5 7.5 L0.5 7.5 Z', fill: '#556b2f', stroke: '#3f5020', 'stroke-width': 0.5 }),
        svg('rect', { x: 3, y: 7.5, width: 1, height: 2, fill: '#4a3a20' }),
        svg('path', { d: 'M10.5 8 L13.5 14 L7.5 14 Z', fill: '#5f7535', stroke: '#3f5020', 'stroke-width': 0.5 }),
      ]),
      svg('filter', { id: 'hx-shadow', x: '-20%', y: '-20%', width: '150%', height: '150%' }, [
        svg('feDropShadow', { dx: 1.2, dy: 1.6, stdDeviation: 0.8, 'flood-color': '#2b2113', 'flood-opacity': 0.55 }),
      ]),
      svg('marker', { id: 'hx-trailhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'turn-trail-head' }),
      ]),
      svg('marker', { id: 'hx-attackhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'turn-attack-head' }),
      ]),
      svg('marker', { id: 'hx-arrowhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, [
        svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#8e1b12' }),
      ]),
    ]);
  }

  private drawMap(): void {
    const { spec } = this.sc;
    const terrain = this.layers.terrain;
    const grid = this.layers.grid;
    const names = this.layers.names;
    terrain.appendChild(
      svg('rect', {
        x: -MARGIN,
        y: -MARGIN,
        width: this.extent.width + 2 * MARGIN,
        height: this.extent.height + 2 * MARGIN,
        class: 'map-paper',
      }),
    );
    for (let c = 1; c <= spec.columns; c++) {
      for (let r = 1; r <= spec.rows; r++) {
        const center = hexCenter(spec, c, r, S);
        const label = String(c).padStart(2, '0') + String(r).padStart(2, '0');
        const t = this.sc.terrain.get(label) ?? 'clear';
        const pts = pointsAttr(hexCorners(spec, center, S));
        terrain.appendChild(svg('polygon', { points: pts, class: `hex terrain-${t}`, fill: t === 'forest' ? 'url(#hx-forest)' : undefined }));
        grid.appendChild(
          svg('text', { x: center.x, y: center.y - S * 0.62, class: 'hex-label', 'data-hex': label, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, [label]),
        );
        const place = this.sc.labels.get(label);
        if (place) {
          names.appendChild(svg('circle', { cx: center.x, cy: center.y + S * 0.05, r: 4, class: 'town-dot' }));
          names.appendChild(
            svg('text', { x: center.x, y: center.y + S * 0.52, class: 'place-name', 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, [place]),
          );
        }
      }
    }
    // Hex grid on top of the terrain fills, in one path.
    let d = '';
    for (let c = 1; c <= spec.columns; c++) {
      for (let r = 1; r <= spec.rows; r++) {
        const pts = hexCorners(spec, hexCenter(spec, c, r, S), S);
        d += `M${pts[0].x},${pts[0].y}` + pts.slice(1).map((p) => `L${p.x},${p.y}`).join('') + 'Z';
      }
    }
    terrain.appendChild(svg('path', { d, class: 'hex-grid' }));
    // Compass.
    names.appendChild(compass(`translate(${this.extent.width - 18},${22})`));
  }

  render(frame: BoardFrame): void {
    this.frame = frame;
    const st = readState(frame.state);
    this.state = st;
    if (!this.root) return;
    const spec = this.sc.spec;
    const { marks, trails, pieces, arrows, leaders, results, overlay } = this.layers;
    for (const g of [marks, trails, pieces, arrows, leaders, results, overlay]) clear(g);
    this.root.classList.toggle('interactive', frame.interactive);
    const hl = frame.interactive ? highlights(frame.index) : { units: new Map(), leaders: new Map(), hexes: new Map() };
    const facing = hasOption(st.options, 'facing');
    const byHex = piecesByHex(st);
    const center = (label: string): Point | null => {
      const p = parseLabel(label);
      return p ? hexCenter(spec, p.col, p.row, S) : null;
    };

    // Destination hexes and other places the decisions name.
    for (const [hex, roles] of hl.hexes) {
      const c = center(hex);
      if (!c) continue;
      const cls = [...roles].map((r) => `hl-${r}`).join(' ');
      marks.appendChild(
        svg('polygon', {
          points: pointsAttr(hexCorners(spec, c, S * 0.93)),
          class: `hex-mark ${cls}`,
          'data-hex': hex,
          'data-testid': `dest-${hex}`,
        }),
      );
    }

    // The piece being moved: its hex outlined.
    const selUnit = st.selected ? st.units.find((u) => u.id === st.selected) : undefined;
    const selLeader = st.selected && !selUnit ? st.leaders.find((l) => l.id === st.selected) : undefined;
    const selHex = selUnit?.hex ?? selLeader?.hex ?? null;
    if (selHex) {
      const c = center(selHex);
      if (c) marks.appendChild(svg('polygon', { points: pointsAttr(hexCorners(spec, c, S * 0.97)), class: 'selected-hex', 'data-testid': 'selected-hex' }));
    }

    const combatA = new Set(st.combat?.attackers ?? []);
    const combatD = new Set(st.combat?.defenders ?? []);

    // Units.
    for (const [hex, contents] of byHex) {
      const u = contents.unit;
      if (!u) continue;
      const c = center(hex);
      if (!c) continue;
      const roles: Set<Role> = hl.units.get(u.id) ?? new Set();
      pieces.appendChild(this.counter(u, c, roles, facing, st, combatA.has(u.id), combatD.has(u.id)));
    }

    // Attack arrows: from each attacker to the defenders it touches.
    if (combatA.size && combatD.size) {
      for (const a of st.units.filter((x) => combatA.has(x.id) && x.hex)) {
        const ca = center(a.hex!);
        for (const d of st.units.filter((x) => combatD.has(x.id) && x.hex)) {
          const cd = center(d.hex!);
          if (!ca || !cd) continue;
          const dist = Math.hypot(cd.x - ca.x, cd.y - ca.y);
          if (dist > S * 2.2) continue;
          const ux = (cd.x - ca.x) / dist;
          const uy = (cd.y - ca.y) / dist;
          arrows.appendChild(
            svg('line', {
              x1: ca.x + ux * S * 0.45,
              y1: ca.y + uy * S * 0.45,
              x2: cd.x - ux * S * 0.5,
              y2: cd.y - uy * S * 0.5,
              class: 'attack-arrow',
              'marker-end': 'url(#hx-arrowhead)',
            }),
          );
        }
      }
    }

    // Leaders: a star at the hex's corner when with a unit, in the middle when alone.
    for (const [hex, contents] of byHex) {
      const c = center(hex);
      if (!c) continue;
      contents.leaders.forEach((l, i) => {
        const alone = contents.unit === null;
        const pos = alone ? { x: c.x + i * 8, y: c.y + i * 4 } : { x: c.x - S * 0.62 + i * 10, y: c.y - S * 0.5 + i * 3 };
        leaders.appendChild(this.leaderToken(l, pos, alone, hl.leaders.get(l.id) ?? new Set(), st));
      });
    }

    if (frame.since) this.drawTurn(readState(frame.since), st, center, frame.attacks ?? []);
    this.followAction();

    // A pending choice: facings as arrows around the hex, other decisions as a small menu.
    if (frame.choice && frame.interactive) overlay.appendChild(this.choiceOverlay(frame.choice.actions, frame.choice.at.hex));
  }

  /** The other side's turn: a trail from each piece's hex to its new one, a result on each hit. */
  private drawTurn(before: HexState, st: HexState, center: (label: string) => Point | null, attacks: { from: string; to: string }[]): void {
    const { trails, results } = this.layers;
    for (const c of turnChanges(before, st)) {
      const a = c.from ? center(c.from) : null;
      const b = c.to ? center(c.to) : null;
      const name = c.leader ? st.leaders.find((l) => l.id === c.id)?.name : st.units.find((u) => u.id === c.id)?.name;
      if (a && b && c.from !== c.to) {
        trails.appendChild(svg('circle', { cx: a.x, cy: a.y, r: S * 0.22, class: 'turn-from' }));
        trails.appendChild(
          svg('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'turn-trail', 'marker-end': 'url(#hx-trailhead)', 'data-testid': 'turn-trail', 'data-unit': c.id }, [
            svg('title', {}, [`${name ?? c.id}: ${c.from} → ${c.to}`]),
          ]),
        );
      }
      const at = b ?? a;
      if (c.result && at) {
        const w = Math.max(30, c.result.length * 7.6 + 8);
        results.appendChild(
          svg('g', { class: 'turn-result', transform: `translate(${at.x},${at.y + S * 0.62})`, 'data-testid': 'turn-result', 'data-unit': c.id }, [
            svg('rect', { x: -w / 2, y: -9, width: w, height: 18, rx: 4 }),
            svg('text', { x: 0, y: 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, [c.result]),
            svg('title', {}, [`${name ?? c.id}: ${c.result}`]),
          ]),
        );
      }
    }
    // Each attack: an arrow from the attacker's hex to its target's, drawn last: above the counters and the result tags.
    const nameOf = (id: string) => st.units.find((u) => u.id === id)?.name ?? id;
    for (const x of attackHexes(attacks, before, st)) {
      const a = center(x.fromHex);
      const b = center(x.toHex);
      if (!a || !b) continue;
      const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / d;
      const uy = (b.y - a.y) / d;
      results.appendChild(
        svg('line', { x1: a.x + ux * S * 0.35, y1: a.y + uy * S * 0.35, x2: b.x - ux * S * 0.45, y2: b.y - uy * S * 0.45, class: 'turn-attack', 'marker-end': 'url(#hx-attackhead)', 'data-testid': 'turn-attack', 'data-from': x.from, 'data-to': x.to }, [
          svg('title', {}, [`${nameOf(x.from)} attacked ${nameOf(x.to)}`]),
        ]),
      );
    }
  }

  private sideClass(side: string): string {
    return `side-${sideIndex(this.sc, side)}`;
  }

  private counter(u: HexUnit, c: Point, roles: Set<Role>, facing: boolean, st: HexState, attacking: boolean, defending: boolean): SVGGElement {
    const h = 19; // half the counter's side (the hex's inner radius is 26)
    const cls = [
      'counter',
      this.sideClass(u.side),
      `type-${u.type}`,
      `status-${u.status}`,
      u.active ? 'active' : '',
      u.moved ? 'moved' : '',
      st.selected === u.id ? 'selected' : '',
      attacking ? 'in-attack' : '',
      defending ? 'in-defence' : '',
      ...[...roles].map((r) => `hl-${r}`),
    ]
      .filter(Boolean)
      .join(' ');
    const g = svg('g', {
      class: cls,
      'data-unit': u.id,
      'data-testid': `unit-${u.id}`,
      'data-roles': [...roles].join(' ') || undefined,
      transform: `translate(${c.x},${c.y})`,
    });
    // Facing: a wedge at the edge of the counter, pointing the way the unit faces.
    if (facing && u.facing && u.type !== 'carroccio') {
      const a = facingAngle(u.facing, this.sc.spec.orientation);
      if (a !== null) {
        g.appendChild(
          svg('path', {
            d: `M-7,${-h + 1} L0,${-h - 7} L7,${-h + 1} Z`,
            class: 'facing-arrow',
            transform: `rotate(${a})`,
          }),
        );
      }
    }
    if (roles.size) {
      g.appendChild(svg('rect', { x: -h - 4, y: -h - 4, width: 2 * h + 8, height: 2 * h + 8, rx: 5, class: 'counter-halo' }));
      g.appendChild(svg('rect', { x: -h - 4, y: -h - 4, width: 2 * h + 8, height: 2 * h + 8, rx: 5, class: 'counter-ring' }));
    }
    if (u.type === 'carroccio') {
      g.appendChild(svg('rect', { x: -h, y: -h, width: 2 * h, height: 2 * h, rx: 3, class: 'counter-body carroccio-body', filter: 'url(#hx-shadow)' }));
      // The war-wagon: a cart with two wheels, a mast and the cross banner of the League.
      g.appendChild(svg('rect', { x: -12, y: 2, width: 24, height: 7, rx: 1, class: 'cart' }));
      g.appendChild(svg('circle', { cx: -7, cy: 11, r: 3.6, class: 'wheel' }));
      g.appendChild(svg('circle', { cx: 7, cy: 11, r: 3.6, class: 'wheel' }));
      g.appendChild(svg('line', { x1: 0, y1: 2, x2: 0, y2: -14, class: 'mast' }));
      g.appendChild(svg('rect', { x: 0.5, y: -14, width: 12, height: 9, class: 'banner' }));
      g.appendChild(svg('path', { d: 'M6.5,-13 V-6 M1.5,-9.5 H11.5', class: 'banner-cross' }));
      g.appendChild(svg('text', { x: -9.5, y: -5, class: 'rating small', 'text-anchor': 'middle' }, [u.rating]));
    } else {
      g.appendChild(svg('rect', { x: -h, y: -h, width: 2 * h, height: 2 * h, rx: 3, class: 'counter-body', filter: 'url(#hx-shadow)' }));
      // NATO-style troop symbol: cavalry one diagonal, infantry a cross.
      g.appendChild(svg('rect', { x: -10, y: -15, width: 20, height: 12, class: 'troop-box' }));
      const sym =
        u.type === 'cavalry' ? 'M-10,-3 L10,-15' : u.type === 'infantry' ? 'M-10,-3 L10,-15 M-10,-15 L10,-3' : 'M-10,-9 L10,-9';
      g.appendChild(svg('path', { d: sym, class: 'troop-sym' }));
      g.appendChild(svg('text', { x: -8.5, y: 14.5, class: 'rating', 'text-anchor': 'middle' }, [u.rating]));
      if (u.movement !== undefined)
        g.appendChild(svg('text', { x: 9.5, y: 14.5, class: 'movement', 'text-anchor': 'middle' }, [String(u.movement)]));
    }
    if (u.value !== null && u.value !== undefined)
      g.appendChild(svg('text', { x: 0, y: 6, class: 'chit-value', 'text-anchor': 'middle' }, [String(u.value)]));
    if (u.status === 'disordered' || u.status === 'routed') {
      const routed = u.status === 'routed';
      g.appendChild(
        svg('g', { class: routed ? 'mark-routed' : 'mark-disordered' }, [
          svg('rect', { x: 6, y: -h - 6, width: 17, height: 15, rx: 2 }),
          svg('text', { x: 14.5, y: -h + 6, 'text-anchor': 'middle' }, [routed ? 'R' : 'D']),
        ]),
      );
    }
    if (u.moved) g.appendChild(svg('circle', { cx: 0, cy: h - 3, r: 2, class: 'moved-dot' }));
    if (attacking || defending) {
      // A small badge: A for an attacker, D for a defender in the combat being built.
      g.appendChild(
        svg('g', { class: `combat-mark ${attacking ? 'attack' : 'defend'}` }, [
          svg('circle', { cx: h, cy: h, r: 8.5 }),
          svg('text', { x: h, y: h + 4.6, 'text-anchor': 'middle' }, [attacking ? 'A' : 'D']),
        ]),
      );
    }
    return g;
  }

  private leaderToken(l: HexLeader, p: Point, alone: boolean, roles: Set<Role>, st: HexState): SVGGElement {
    const r = alone ? 14 : l.supreme ? 12.5 : 11;
    const cls = [
      'leader',
      this.sideClass(l.side),
      l.supreme ? 'supreme' : '',
      l.activated ? 'activated' : '',
      st.active_leader === l.id ? 'active-leader' : '',
      st.selected === l.id ? 'selected' : '',
      ...[...roles].map((x) => `hl-${x}`),
    ]
      .filter(Boolean)
      .join(' ');
    return svg('g', { class: cls, 'data-leader': l.id, 'data-testid': `leader-${l.id}` }, [
      roles.size ? svg('circle', { cx: p.x, cy: p.y, r: r + 3, class: 'leader-ring' }) : null,
      svg('polygon', { points: starPoints(p.x, p.y + 0.5, r), class: 'leader-star', filter: 'url(#hx-shadow)' }),
      svg('text', { x: p.x, y: p.y + 1.2, class: 'leader-cv', 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, [String(l.command)]),
      svg('title', {}, [describeLeader(l)]),
    ]);
  }

  private choiceOverlay(actions: Action[], hex: string | undefined): SVGGElement {
    const g = svg('g', { class: 'choice', 'data-testid': 'choice' });
    const p = hex ? parseLabel(hex) : null;
    if (!p) return g;
    const c = hexCenter(this.sc.spec, p.col, p.row, S);
    const allFacings = actions.every((a) => a.kind === 'destination' && typeof a.facing === 'string' && a.hex === hex);
    g.appendChild(svg('polygon', { points: pointsAttr(hexCorners(this.sc.spec, c, S)), class: 'choice-hex' }));
    if (allFacings) {
      for (const a of actions) {
        const ang = facingAngle(a.facing as string, this.sc.spec.orientation);
        if (ang === null) continue;
        const q = towards(c, ang, S * 1.08);
        g.appendChild(
          svg('g', { class: 'choice-facing', 'data-choice': a.id, 'data-testid': `facing-${a.facing}`, transform: `translate(${q.x},${q.y})` }, [
            svg('circle', { r: 11 }),
            svg('path', { d: 'M0,-7.5 L6,4 L0,1.2 L-6,4 Z', transform: `rotate(${ang})` }),
            svg('title', {}, [a.name]),
          ]),
        );
      }
      return g;
    }
    // A menu of named decisions beside the hex.
    const w = 150;
    const rowH = 16;
    const left = c.x + S + w > this.extent.width ? c.x - S - w : c.x + S;
    const top = Math.min(c.y - (actions.length * rowH) / 2, this.extent.height - actions.length * rowH);
    actions.forEach((a, i) => {
      g.appendChild(
        svg('g', { class: 'choice-item', 'data-choice': a.id, 'data-testid': `choice-${a.id}` }, [
          svg('rect', { x: left, y: top + i * rowH, width: w, height: rowH - 2, rx: 3 }),
          svg('text', { x: left + 5, y: top + i * rowH + rowH / 2, 'dominant-baseline': 'middle' }, [shorten(a.name, 30)]),
          svg('title', {}, [a.name]),
        ]),
      );
    });
    return g;
  }
}

function shorten(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n - 1) + '…';
}
