// A few helpers to build SVG without a framework.

export const SVG_NS = 'http://www.w3.org/2000/svg';

export type Attrs = Record<string, string | number | undefined | null | false>;

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (SVGElement | string | null | undefined | false)[] = [],
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    e.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

export function clear(e: Element): void {
  while (e.firstChild) e.removeChild(e.firstChild);
}

/** Points of a five-pointed star of outer radius r centred on (cx, cy). */
export function starPoints(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The north needle of a board (north is up), placed by `transform`. */
export function compass(transform: string): SVGGElement {
  return svg('g', { class: 'compass', transform }, [
    svg('path', { d: 'M0,-12 L5,6 L0,2 L-5,6 Z', class: 'compass-needle' }),
    svg('text', { x: 0, y: 17, 'text-anchor': 'middle', class: 'compass-n' }, ['N']),
  ]);
}
