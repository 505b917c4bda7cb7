import { describe, expect, it } from 'vitest';
import { facingAngle, hexAt, hexCenter, hexCorners, hexLabel, mapExtent, neighbours, parseLabel, SQRT3, towards, type MapSpec } from '../src/boards/hexgeom';

const legnano: MapSpec = { columns: 20, rows: 28, orientation: 'flat', shifted: 'even' };
const S = 30;

describe('hex labels', () => {
  it('formats column then row, two digits each', () => {
    expect(hexLabel(1, 1)).toBe('0101');
    expect(hexLabel(11, 20)).toBe('1120');
  });
  it('parses four digits and refuses anything else', () => {
    expect(parseLabel('1826')).toEqual({ col: 18, row: 26 });
    expect(parseLabel('182')).toBeNull();
    expect(parseLabel('ab12')).toBeNull();
  });
});

describe('flat-topped map with even columns shifted down', () => {
  it('puts even columns half a hex lower than odd ones', () => {
    const odd = hexCenter(legnano, 1, 1, S);
    const even = hexCenter(legnano, 2, 1, S);
    expect(even.y - odd.y).toBeCloseTo((SQRT3 * S) / 2);
    expect(even.x - odd.x).toBeCloseTo(1.5 * S);
  });
  it('stacks rows a hex height apart', () => {
    const a = hexCenter(legnano, 5, 3, S);
    const b = hexCenter(legnano, 5, 4, S);
    expect(b.y - a.y).toBeCloseTo(SQRT3 * S);
    expect(b.x).toBe(a.x);
  });
  it('has the map corner at the origin and the right extent', () => {
    const c = hexCenter(legnano, 1, 1, S);
    expect(c.x).toBe(S);
    expect(c.y).toBeCloseTo((SQRT3 * S) / 2);
    const e = mapExtent(legnano, S);
    expect(e.width).toBeCloseTo(2 * S + 19 * 1.5 * S);
    expect(e.height).toBeCloseTo(28.5 * SQRT3 * S);
    // The lowest shifted hex touches the bottom edge.
    const last = hexCenter(legnano, 20, 28, S);
    expect(last.y + (SQRT3 * S) / 2).toBeCloseTo(e.height);
  });
  it('draws flat-topped corners: two corners on the horizontal axis', () => {
    const c = { x: 100, y: 100 };
    const pts = hexCorners(legnano, c, S);
    expect(pts).toHaveLength(6);
    expect(pts[0]).toEqual({ x: 130, y: 100 });
    expect(pts[3]).toEqual({ x: 70, y: 100 });
    expect(pts[1].y).toBeCloseTo(100 + (SQRT3 * S) / 2, 1);
  });
  it('lists neighbours by the shifted-column rule', () => {
    // 1119 (odd column): NE is 1218, SE 1219; even column 1220's NE is 1320, SE 1321.
    expect(neighbours(legnano, 11, 19)).toEqual(['1118', '1218', '1219', '1120', '1019', '1018']);
    expect(neighbours(legnano, 12, 20)).toEqual(['1219', '1320', '1321', '1221', '1121', '1120']);
    expect(neighbours(legnano, 1, 1)).toEqual(['0201', '0102']);
  });
  it('neighbours are one hex-width apart on screen', () => {
    for (const n of neighbours(legnano, 11, 19)) {
      const p = parseLabel(n)!;
      const a = hexCenter(legnano, 11, 19, S);
      const b = hexCenter(legnano, p.col, p.row, S);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(SQRT3 * S);
    }
  });
  it('finds the hex under a point, and nothing off the map', () => {
    for (const [c, r] of [[1, 1], [2, 1], [11, 20], [20, 28], [7, 14]]) {
      const p = hexCenter(legnano, c, r, S);
      expect(hexAt(legnano, p, S)).toBe(hexLabel(c, r));
      expect(hexAt(legnano, { x: p.x + S * 0.7, y: p.y + 0.1 }, S)).toBe(hexLabel(c, r));
    }
    expect(hexAt(legnano, { x: -40, y: -40 }, S)).toBeNull();
  });
});

describe('facings', () => {
  it('turns compass names into angles clockwise from north', () => {
    expect(facingAngle('N')).toBe(0);
    expect(facingAngle('N/NE')).toBe(30);
    expect(facingAngle('NE/N')).toBe(30);
    expect(facingAngle('S')).toBe(180);
    expect(facingAngle('nw/n')).toBe(330);
    expect(facingAngle('E')).toBeNull();
    expect(facingAngle('E', 'pointy')).toBe(90);
    expect(facingAngle('NE', 'pointy')).toBe(30);
  });
  it('points towards an angle', () => {
    const p = towards({ x: 0, y: 0 }, 90, 10);
    expect(p.x).toBeCloseTo(10);
    expect(p.y).toBeCloseTo(0);
    expect(towards({ x: 0, y: 0 }, 0, 10).y).toBeCloseTo(-10);
  });
});
