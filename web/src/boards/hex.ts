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
} from './hexmodel';
import { clear, starPoints, svg } from './svg';

const S = 30; // hex circumradius in map units
const MARGIN = 14;

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class HexBoard implements BoardRenderer {
  readonly kind = 'hex' as const;
  private sc: HexScenario;
  private extent: { width: number; height: number };
  private root: SVGSVGElement | null = null;
  private layers: Record<string, SVGGElement> = {};
  private cb: BoardCallbacks | null = null;
  private frame: BoardFrame | null = null;
  private state: HexState | null = null;
  private full: ViewBox;
  private z = 1; // zoom over "the whole map fits"
  private cx: number;
  private cy: number;
  private paneW = 800;
  private paneH = 600;
  private resize: ResizeObserver | null = null;
  private drag: { x: number; y: number; cx: number; cy: number; moved: boolean; id: number } | null = null;
  private suppressClick = false;
  private hoverHex: string | null = null;

  constructor(scenario: Record<string, unknown>) {
    this.sc = readScenario(scenario);
    this.extent = mapExtent(this.sc.spec, S);
    this.full = { x: -MARGIN, y: -MARGIN, w: this.extent.width + 2 * MARGIN, h: this.extent.height + 2 * MARGIN };
    this.cx = this.full.x + this.full.w / 2;
    this.cy = this.full.y + this.full.h / 2;
  }

  aspect(): number {
    return this.full.w / this.full.h;
  }

  mount(el: HTMLElement, callbacks: BoardCallbacks): void {
    this.cb = callbacks;
    const root = svg('svg', {
      class: 'board hex-board',
      'data-testid': 'board',
      preserveAspectRatio: 'xMidYMid meet',
      role: 'img',
      'aria-label': this.sc.title ? `Map: ${this.sc.title}` : 'Map',
    });
    root.appendChild(this.defs());
    for (const name of ['terrain', 'grid', 'names', 'marks', 'pieces', 'arrows', 'leaders', 'overlay']) {
      const g = svg('g', { class: `layer-${name}` });
      this.layers[name] = g;
      root.appendChild(g);
    }
    el.appendChild(root);
    this.root = root;
    this.drawMap();
    this.applyViewBox();
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver(() => this.applyViewBox());
      this.resize.observe(root);
    }
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('mousemove', (e) => this.onMove(e));
    root.addEventListener('mouseleave', () => {
      this.hoverHex = null;
      this.cb?.onHover(null);
      this.cb?.onInspect(null);
    });
    root.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    root.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    root.addEventListener('pointermove', (e) => this.onPointerMove(e));
    root.addEventListener('pointerup', (e) => this.onPointerUp(e));
    root.addEventListener('pointercancel', (e) => this.onPointerUp(e));
  }

  destroy(): void {
    this.resize?.disconnect();
    this.root?.remove();
    this.root = null;
  }

  // ---- Zoom and pan ----
  // The view is a zoom factor over "whole map fits" and a centre; the viewBox always has the
  // pane's own proportions, so a wide pane shows more of the map as it zooms in.

  zoom(factor: number, at?: Point): void {
    const old = this.view();
    const z = Math.min(8, Math.max(1, this.z * factor));
    if (at) {
      // Keep the map point under the pointer where it is.
      const fx = (at.x - old.x) / old.w;
      const fy = (at.y - old.y) / old.h;
      this.z = z;
      const k = this.scale();
      const w = this.paneW / k;
      const h = this.paneH / k;
      this.cx = at.x - fx * w + w / 2;
      this.cy = at.y - fy * h + h / 2;
    } else {
      this.z = z;
    }
    this.applyViewBox();
  }

  fit(): void {
    this.z = 1;
    this.cx = this.full.x + this.full.w / 2;
    this.cy = this.full.y + this.full.h / 2;
    this.applyViewBox();
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
    this.measure();
    const k = Math.min(this.paneW / (x1 - x0), this.paneH / (y1 - y0));
    this.z = Math.min(4, Math.max(1, k / this.fitScale()));
    this.cx = (x0 + x1) / 2;
    this.cy = (y0 + y1) / 2;
    this.applyViewBox();
  }

  /** Zoom so the map's width fills the pane (on a wide pane, a bigger map scrolled up and down). */
  fitWidth(): void {
    this.measure();
    const kFit = this.fitScale();
    this.z = Math.max(1, this.paneW / this.full.w / kFit);
    this.cx = this.full.x + this.full.w / 2;
    this.applyViewBox();
  }

  private measure(): void {
    if (!this.root) return;
    const r = this.root.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      this.paneW = r.width;
      this.paneH = r.height;
    }
  }

  private fitScale(): number {
    return Math.min(this.paneW / this.full.w, this.paneH / this.full.h);
  }

  private scale(): number {
    return this.fitScale() * this.z;
  }

  private view(): ViewBox {
    const k = this.scale();
    const w = this.paneW / k;
    const h = this.paneH / k;
    return { x: this.cx - w / 2, y: this.cy - h / 2, w, h };
  }

  private clampView(): void {
    const k = this.scale();
    const w = this.paneW / k;
    const h = this.paneH / k;
    const f = this.full;
    this.cx = w >= f.w ? f.x + f.w / 2 : Math.min(Math.max(this.cx, f.x + w / 2), f.x + f.w - w / 2);
    this.cy = h >= f.h ? f.y + f.h / 2 : Math.min(Math.max(this.cy, f.y + h / 2), f.y + f.h - h / 2);
  }

  private applyViewBox(): void {
    this.measure();
    this.clampView();
    const v = this.view();
    this.root?.setAttribute('viewBox', `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
    this.root?.classList.toggle('zoomed', v.w < this.full.w - 0.5 || v.h < this.full.h - 0.5);
    this.root?.classList.toggle('tiny', this.scale() * S < 17);
  }

  private toMap(e: MouseEvent): Point | null {
    const root = this.root;
    if (!root) return null;
    const m = root.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const at = this.toMap(e) ?? undefined;
    this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, at);
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0 || this.z <= 1) return; // pan only when zoomed in
    this.drag = { x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy, moved: false, id: e.pointerId };
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || !this.root) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    if (!d.moved) this.root.setPointerCapture(d.id);
    d.moved = true;
    const k = this.scale();
    this.cx = d.cx - dx / k;
    this.cy = d.cy - dy / k;
    this.applyViewBox();
  }

  private onPointerUp(_e: PointerEvent): void {
    if (this.drag?.moved) this.suppressClick = true;
    this.drag = null;
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
    if (this.drag?.moved) return;
    const p = this.toMap(e);
    const hex = p ? hexAt(this.sc.spec, p, S) : null;
    const target = e.target as Element;
    const leaderId = target.closest('[data-leader]')?.getAttribute('data-leader') ?? null;
    const key = `${hex}|${leaderId}`;
    if (key === this.hoverHex) return;
    this.hoverHex = key;
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
          svg('text', { x: center.x, y: center.y - S * 0.62, class: 'hex-label', 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, [label]),
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
    names.appendChild(
      svg('g', { class: 'compass', transform: `translate(${this.extent.width - 18},${22})` }, [
        svg('path', { d: 'M0,-12 L5,6 L0,2 L-5,6 Z', class: 'compass-needle' }),
        svg('text', { x: 0, y: 17, 'text-anchor': 'middle', class: 'compass-n' }, ['N']),
      ]),
    );
  }

  render(frame: BoardFrame): void {
    this.frame = frame;
    const st = readState(frame.state);
    this.state = st;
    if (!this.root) return;
    const spec = this.sc.spec;
    const { marks, pieces, arrows, leaders, overlay } = this.layers;
    for (const g of [marks, pieces, arrows, leaders, overlay]) clear(g);
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

    // A pending choice: facings as arrows around the hex, other decisions as a small menu.
    if (frame.choice && frame.interactive) overlay.appendChild(this.choiceOverlay(frame.choice.actions, frame.choice.at.hex));
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
      g.appendChild(svg('text', { x: -9, y: -6, class: 'rating small', 'text-anchor': 'middle' }, [u.rating]));
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
      g.appendChild(svg('text', { x: 0, y: 5.5, class: 'chit-value', 'text-anchor': 'middle' }, [String(u.value)]));
    if (u.status === 'disordered' || u.status === 'routed') {
      const routed = u.status === 'routed';
      g.appendChild(
        svg('g', { class: routed ? 'mark-routed' : 'mark-disordered' }, [
          svg('rect', { x: 8, y: -h - 4, width: 15, height: 12, rx: 2 }),
          svg('text', { x: 15.5, y: -h + 5.5, 'text-anchor': 'middle' }, [routed ? 'R' : 'D']),
        ]),
      );
    }
    if (u.moved) g.appendChild(svg('circle', { cx: 0, cy: h - 3, r: 2, class: 'moved-dot' }));
    if (attacking || defending) {
      // A small badge: A for an attacker, D for a defender in the combat being built.
      g.appendChild(
        svg('g', { class: `combat-mark ${attacking ? 'attack' : 'defend'}` }, [
          svg('circle', { cx: h, cy: h, r: 6.5 }),
          svg('text', { x: h, y: h + 3.3, 'text-anchor': 'middle' }, [attacking ? 'A' : 'D']),
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
