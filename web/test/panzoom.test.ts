import { describe, expect, it } from 'vitest';
import { PanZoom } from '../src/boards/panzoom';

// Without an SVG root the view is worked out for the default pane; no DOM is needed.
const press = (button = 0) => ({ button, clientX: 10, clientY: 10, pointerId: 1 }) as unknown as PointerEvent;

describe('pan and zoom of a board', () => {
  it('keeps the zoom between the whole board and its maximum', () => {
    const pz = new PanZoom({ x: 0, y: 0, w: 100, h: 50 }, { maxZoom: 4, zoomedSlack: 0.5 });
    expect(pz.aspect()).toBe(2);
    expect(pz.zoomedIn).toBe(false);
    pz.zoom(0.5); // cannot zoom out past the whole board
    expect(pz.zoomedIn).toBe(false);
    pz.zoom(100); // clamped to 4
    pz.zoom(1 / 3); // 4/3: still in
    expect(pz.zoomedIn).toBe(true);
    pz.zoom(1 / 2); // 2/3: back to the whole board
    expect(pz.zoomedIn).toBe(false);
    pz.zoom(2);
    pz.fit();
    expect(pz.zoomedIn).toBe(false);
  });
  it('pans only when zoomed in, and only with the main button', () => {
    const pz = new PanZoom({ x: 0, y: 0, w: 100, h: 100 }, { maxZoom: 8, zoomedSlack: 0.5 });
    expect(pz.startPan(press())).toBe(false);
    pz.zoom(2);
    expect(pz.startPan(press(2))).toBe(false);
    expect(pz.startPan(press())).toBe(true);
    // A press and release without moving is a click, not a pan.
    expect(pz.panning).toBe(false);
    expect(pz.endPan()).toBe(false);
  });
});
