// The top-down table of the miniatures rulesets (ohw, fastplay, gwkho): a placeholder until
// those rulesets play through the server. It draws the table's outline if the scenario gives
// one and says so plainly; every decision can still be made from the decision buttons.

import type { BoardCallbacks, BoardFrame, BoardRenderer } from './index';

const SVG = 'http://www.w3.org/2000/svg';

export class TableBoard implements BoardRenderer {
  readonly kind = 'table' as const;
  private svg: SVGSVGElement | null = null;
  private width: number;
  private height: number;

  constructor(scenario: Record<string, unknown>) {
    const table = (scenario.table ?? scenario.map ?? {}) as Record<string, unknown>;
    this.width = typeof table.width === 'number' ? table.width : 72;
    this.height = typeof table.height === 'number' ? table.height : 48;
  }

  aspect(): number {
    return this.width / this.height;
  }

  mount(el: HTMLElement, _callbacks: BoardCallbacks): void {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    svg.setAttribute('class', 'board table-board');
    svg.setAttribute('data-testid', 'board');
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('width', String(this.width));
    r.setAttribute('height', String(this.height));
    r.setAttribute('class', 'table-cloth');
    svg.appendChild(r);
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(this.width / 2));
    t.setAttribute('y', String(this.height / 2));
    t.setAttribute('text-anchor', 'middle');
    t.setAttribute('class', 'table-note');
    t.textContent = 'Table board coming next: play from the decision buttons.';
    svg.appendChild(t);
    el.appendChild(svg);
    this.svg = svg;
  }

  render(_frame: BoardFrame): void {}

  zoom(_factor: number): void {}

  fit(): void {}

  destroy(): void {
    this.svg?.remove();
    this.svg = null;
  }
}
