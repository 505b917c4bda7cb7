// Zoom and pan of a board's SVG, shared by the hex map and the table. The view is a zoom
// factor over "the whole board fits" and a centre; the viewBox always has the pane's own
// proportions, so a wide pane shows more of the board as it zooms in. The board keeps its
// own pointer logic (clicks, drags of pieces) and hands pans and wheel turns to this.

import { svg } from './svg';

export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanZoomOptions {
  /** The largest zoom factor over "the whole board fits". */
  maxZoom: number;
  /** How much smaller (board units) the view must be than the board to count as zoomed in. */
  zoomedSlack: number;
  /** Called after every new viewBox with the screen pixels per board unit (e.g. to thin labels). */
  onApply?: (root: SVGSVGElement, scale: number) => void;
}

export class PanZoom {
  private root: SVGSVGElement | null = null;
  private z = 1;
  private cx: number;
  private cy: number;
  private paneW = 800;
  private paneH = 600;
  private resize: ResizeObserver | null = null;
  private pan: { x: number; y: number; cx: number; cy: number; moved: boolean; id: number } | null = null;

  constructor(
    private full: ViewBox,
    private opts: PanZoomOptions,
  ) {
    this.cx = full.x + full.w / 2;
    this.cy = full.y + full.h / 2;
  }

  /** Width / height of the whole board with its margin. */
  aspect(): number {
    return this.full.w / this.full.h;
  }

  /** Takes over the viewBox of `root` and follows the pane's size. */
  attach(root: SVGSVGElement): void {
    this.root = root;
    this.apply();
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver(() => this.apply());
      this.resize.observe(root);
    }
  }

  detach(): void {
    this.resize?.disconnect();
    this.resize = null;
    this.root = null;
  }

  /** A new board size (the view goes back to the whole board). */
  setFull(full: ViewBox): void {
    this.full = full;
    this.fit();
  }

  /** True when zoomed in (a drag on the empty board then pans). */
  get zoomedIn(): boolean {
    return this.z > 1;
  }

  /** True while a pan has moved (the pointer's clicks and hovers then mean nothing). */
  get panning(): boolean {
    return !!this.pan?.moved;
  }

  zoom(factor: number, at?: { x: number; y: number }): void {
    const old = this.view();
    const z = Math.min(this.opts.maxZoom, Math.max(1, this.z * factor));
    if (at) {
      // Keep the board point under the pointer where it is.
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
    this.apply();
  }

  fit(): void {
    this.z = 1;
    this.cx = this.full.x + this.full.w / 2;
    this.cy = this.full.y + this.full.h / 2;
    this.apply();
  }

  /** Zoom so the board's width fills the pane (on a wide pane, a bigger board scrolled up and down). */
  fitWidth(): void {
    this.measure();
    this.z = Math.max(1, this.paneW / this.full.w / this.fitScale());
    this.cx = this.full.x + this.full.w / 2;
    this.apply();
  }

  /** Zoom on a box of the board (SVG coordinates), at most `maxZoom` over the whole board. */
  fitBox(x0: number, y0: number, x1: number, y1: number, maxZoom: number): void {
    this.measure();
    const k = Math.min(this.paneW / (x1 - x0), this.paneH / (y1 - y0));
    this.z = Math.min(maxZoom, Math.max(1, k / this.fitScale()));
    this.cx = (x0 + x1) / 2;
    this.cy = (y0 + y1) / 2;
    this.apply();
  }

  /** Zoom to `k` screen pixels per board unit (at least the whole board) about a board point. */
  zoomToScale(k: number, at: { x: number; y: number }): void {
    this.measure();
    this.z = Math.min(this.opts.maxZoom, Math.max(1, k / this.fitScale()));
    this.cx = at.x;
    this.cy = at.y;
    this.apply();
  }

  /** Moves the view's centre to a board point, keeping the zoom. */
  centreOn(at: { x: number; y: number }): void {
    this.cx = at.x;
    this.cy = at.y;
    this.apply();
  }

  /** Screen pixels per board unit now, and the part of the board in view. */
  current(): { scale: number; view: ViewBox } {
    this.measure();
    return { scale: this.scale(), view: this.view() };
  }

  /** The board point (SVG coordinates) under the pointer. */
  toSvg(e: MouseEvent): { x: number; y: number } | null {
    const m = this.root?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /** A wheel turn zooms about the point under the pointer. */
  wheel(e: WheelEvent): void {
    this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, this.toSvg(e) ?? undefined);
  }

  /** A press on the board may start a pan, only when zoomed in; says whether it did. */
  startPan(e: PointerEvent): boolean {
    if (e.button !== 0 || this.z <= 1) return false;
    this.pan = { x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy, moved: false, id: e.pointerId };
    return true;
  }

  /** Follows the pointer while panning (after a few pixels, so a click stays a click). */
  movePan(e: PointerEvent): void {
    const pan = this.pan;
    if (!pan || !this.root) return;
    const dx = e.clientX - pan.x;
    const dy = e.clientY - pan.y;
    if (!pan.moved && Math.hypot(dx, dy) < 6) return;
    if (!pan.moved) this.root.setPointerCapture(pan.id);
    pan.moved = true;
    const k = this.scale();
    this.cx = pan.cx - dx / k;
    this.cy = pan.cy - dy / k;
    this.apply();
  }

  /** Ends a pan; true if it moved the view (the click that follows is then not a click). */
  endPan(): boolean {
    const moved = !!this.pan?.moved;
    this.pan = null;
    return moved;
  }

  private measure(): void {
    const r = this.root?.getBoundingClientRect();
    if (r && r.width > 0 && r.height > 0) {
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

  /** Measures the pane, keeps the view on the board and sets the viewBox. */
  private apply(): void {
    this.measure();
    const k = this.scale();
    const w = this.paneW / k;
    const h = this.paneH / k;
    const f = this.full;
    this.cx = w >= f.w ? f.x + f.w / 2 : Math.min(Math.max(this.cx, f.x + w / 2), f.x + f.w - w / 2);
    this.cy = h >= f.h ? f.y + f.h / 2 : Math.min(Math.max(this.cy, f.y + h / 2), f.y + f.h - h / 2);
    const root = this.root;
    if (!root) return;
    const v = this.view();
    root.setAttribute('viewBox', `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
    const slack = this.opts.zoomedSlack;
    root.classList.toggle('zoomed', v.w < f.w - slack || v.h < f.h - slack);
    this.opts.onApply?.(root, k);
  }
}

/** What a board does with the pointer on its SVG. */
export interface BoardPointer {
  click(e: MouseEvent): void;
  move(e: MouseEvent): void;
  leave(): void;
  wheel(e: WheelEvent): void;
  down(e: PointerEvent): void;
  drag(e: PointerEvent): void;
  up(e: PointerEvent): void;
  cancel(e: PointerEvent): void;
}

/**
 * The board's SVG root in `el`: its class and label, the defs, one group per layer (drawn in
 * the order given), the view of `pz` and the pointer listeners (the wheel not passive, so it
 * can zoom instead of scrolling the page).
 */
export function mountBoardRoot(
  el: HTMLElement,
  opts: { cls: string; label: string; defs: SVGDefsElement; layers: string[] },
  pz: PanZoom,
  pointer: BoardPointer,
): { root: SVGSVGElement; layers: Record<string, SVGGElement> } {
  const root = svg('svg', {
    class: `board ${opts.cls}`,
    'data-testid': 'board',
    preserveAspectRatio: 'xMidYMid meet',
    role: 'img',
    'aria-label': opts.label,
  });
  root.appendChild(opts.defs);
  const layers: Record<string, SVGGElement> = {};
  for (const name of opts.layers) {
    const g = svg('g', { class: `layer-${name}` });
    layers[name] = g;
    root.appendChild(g);
  }
  el.appendChild(root);
  root.addEventListener('click', (e) => pointer.click(e));
  root.addEventListener('mousemove', (e) => pointer.move(e));
  root.addEventListener('mouseleave', () => pointer.leave());
  root.addEventListener('wheel', (e) => pointer.wheel(e), { passive: false });
  root.addEventListener('pointerdown', (e) => pointer.down(e));
  root.addEventListener('pointermove', (e) => pointer.drag(e));
  root.addEventListener('pointerup', (e) => pointer.up(e));
  root.addEventListener('pointercancel', (e) => pointer.cancel(e));
  return { root, layers };
}
