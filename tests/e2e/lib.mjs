// Shared pieces of the end-to-end tests: a `carroccio serve` child on a free port with a fresh
// database, Debian's chromium through playwright-core (from web/node_modules), and one-sentence
// failures; playing by the decision buttons, and a decision about one stand by clicking it on
// the table. Used by every e2e test.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CARROCCIO_CHROMIUM || '/usr/bin/chromium';
export const SMALL = { width: 1366, height: 768 };
export const LARGE = { width: 1920, height: 1080 };

/** A failure the test explains in one sentence (no stack trace). */
export class Failure extends Error {}
export const fail = (msg) => {
  throw new Failure(msg);
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const started = Date.now();
export const log = (name, msg) => process.stdout.write(`[${name} ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}\n`);

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The server, a temporary directory and the browser of one test run; `close()` ends them all. */
export class Harness {
  constructor(name) {
    this.name = name;
    this.server = null;
    this.serverLog = '';
    this.context = null;
    this.tmpDir = null;
    this.base = '';
    for (const sig of ['SIGINT', 'SIGTERM']) {
      process.on(sig, () => {
        this.stopServer();
        process.exit(1);
      });
    }
    process.on('exit', () => this.stopServer());
  }

  /** Checks the binary, the built front end and chromium; starts the server. */
  async start(binaryArg, distArg) {
    if (!binaryArg || !distArg) fail(`usage: node tests/e2e/${this.name}.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH].`);
    const binary = path.resolve(binaryArg);
    const dist = path.resolve(distArg);
    if (!fs.existsSync(binary)) fail(`the carroccio binary ${binary} does not exist.`);
    if (!fs.existsSync(path.join(dist, 'index.html'))) fail(`${dist} holds no index.html: build the front end first (cd web && npm ci && npm run build).`);
    if (!fs.existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium).`);
    this.tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `carroccio-${this.name}-`));
    const port = await freePort();
    const db = path.join(this.tmpDir, 'e2e.db');
    this.server = spawn(binary, ['serve', '--port', String(port), '--db', db, '--web', dist], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.server.stdout.on('data', (d) => (this.serverLog += d));
    this.server.stderr.on('data', (d) => (this.serverLog += d));
    let exited = null;
    this.server.on('exit', (code, sig) => (exited = { code, sig }));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (exited) fail(`the server exited at once (code ${exited.code}): ${this.serverLog.trim().split('\n').slice(-3).join(' | ')}`);
      try {
        const res = await fetch(base + '/api/rulesets');
        if (res.ok) {
          const index = await fetch(base + '/');
          if (!index.ok) fail(`the server does not serve the front end at / (HTTP ${index.status}); is --web ${dist} a built web/dist?`);
          this.base = base;
          log(this.name, `server up at ${base}`);
          return base;
        }
      } catch (e) {
        if (e instanceof Failure) throw e;
        // not listening yet
      }
      await sleep(100);
    }
    fail(`the server did not answer on port ${port} within 10 seconds.`);
  }

  /** GET as JSON; `tokens` (seat tokens of the game) go in the Seat-Token header (docs/api.md). */
  async getJson(p, tokens = []) {
    const res = await fetch(this.base + p, tokens.length ? { headers: { 'Seat-Token': tokens.join(',') } } : {});
    if (!res.ok) fail(`GET ${p} answered HTTP ${res.status}.`);
    return res.json();
  }

  /** Headless chromium with one page at `viewport`; page errors are collected in `pageErrors`. */
  async browser(viewport = SMALL) {
    let chromium;
    try {
      chromium = createRequire(path.join(ROOT, 'web', 'package.json'))('playwright-core').chromium;
    } catch {
      fail('playwright-core is not installed in web/node_modules: run npm ci in web/.');
    }
    this.context = await chromium.launchPersistentContext(path.join(this.tmpDir, 'chrome-profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = this.context.pages()[0] || (await this.context.newPage());
    this.pageErrors = [];
    page.on('pageerror', (e) => this.pageErrors.push(e.message));
    page.setDefaultTimeout(20_000);
    return page;
  }

  stopServer() {
    const s = this.server;
    if (s && s.exitCode === null && s.signalCode === null) {
      try {
        s.kill('SIGTERM');
      } catch {
        // already gone
      }
    }
  }

  async close() {
    try {
      await this.context?.close();
    } catch {
      // the browser is gone already
    }
    this.stopServer();
    if (this.tmpDir) fs.rmSync(this.tmpDir, { recursive: true, force: true });
  }

  /** Runs `body`, prints one sentence on failure, always cleans up, exits 0 or 1. */
  async main(body) {
    let code = 0;
    try {
      await body();
    } catch (e) {
      code = 1;
      const msg = e instanceof Failure ? e.message : `unexpected error: ${(e && e.message) || e}`;
      process.stderr.write(`${this.name} FAILED: ${msg.split('\n')[0]}\n`);
      if (this.serverLog && !(e instanceof Failure)) process.stderr.write(`server output (last lines):\n${this.serverLog.split('\n').slice(-10).join('\n')}\n`);
    } finally {
      await this.close();
    }
    process.exit(code);
  }
}

/** Saves a screenshot at `viewport` (then restores `back`), creating the directory. */
export async function screenshotAt(page, file, viewport, back) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (viewport) {
    await page.setViewportSize(viewport);
    await sleep(400);
  }
  await page.screenshot({ path: file });
  if (back) {
    await page.setViewportSize(back);
    await sleep(200);
  }
}

// ---- Playing by the decision buttons (full_game.mjs, table.mjs) ----

/**
 * Creates a game through the lobby (`players`: side -> "human" or an agent kind) and waits for
 * its board; returns the game's id.
 */
export async function lobbyCreate(page, base, ruleset, scenario, players, seed) {
  await page.goto(base + '/');
  await page.waitForSelector('[data-testid="create-game"]');
  await page.selectOption('[data-testid="lobby-ruleset"]', ruleset);
  await page.waitForSelector(`[data-testid="lobby-scenario"] option[value="${scenario}"]`, { state: 'attached' });
  await page.selectOption('[data-testid="lobby-scenario"]', scenario);
  for (const [side, who] of Object.entries(players)) {
    await page.waitForSelector(`[data-testid="player-${side}"]`);
    await page.selectOption(`[data-testid="player-${side}"]`, who);
  }
  await page.fill('[data-testid="lobby-seed"]', String(seed));
  await page.click('[data-testid="create-game"]');
  await page.waitForSelector('[data-testid="board"]');
  const id = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())?.[1] ?? '');
  if (!id) fail(`creating the ${ruleset}/${scenario} game did not open it (the page is at ${page.url()}).`);
  return id;
}

/**
 * Kinds of decision that only let the game go on (ending a phase, passing, declining, keeping a
 * unit where it is): clicked only when nothing else is offered, so the person really plays.
 */
export const FORWARD_KINDS = new Set(['pass', 'decline', 'hold', 'end-movement', 'end-combat', 'end-shooting', 'end-melee', 'end-phase', 'end-turn', 'done', 'stop']);
export const isForward = (kind) => FORWARD_KINDS.has(kind) || /^end-/.test(kind);

/** The enabled decision buttons in the order the panel shows them, and whether each is folded away. */
export async function decisionButtons(page) {
  return page.$$eval('[data-testid="decisions"] button.act:not([disabled])', (bs) =>
    bs.map((b) => ({
      testid: b.getAttribute('data-testid'),
      kind: b.getAttribute('data-kind') || '',
      unit: b.getAttribute('data-unit'),
      stand: b.getAttribute('data-stand'),
      name: (b.getAttribute('title') || b.textContent || '').trim(),
      folded: !!b.closest('details:not([open])'),
    })),
  );
}

/** True when the button's decision names one stand of a unit (fastplay: lose, strike, arrow supply). */
export const namesStand = (b) => !!b.unit && b.stand !== null && b.stand !== '';

/** The first button that does something; else the first that moves the game on; else the first. */
export function pickDecision(buttons) {
  return buttons.find((b) => !isForward(b.kind)) ?? buttons.find((b) => isForward(b.kind)) ?? buttons[0];
}

export async function clickDecision(page, b) {
  const sel = `[data-testid="decisions"] [data-testid="${b.testid}"]`;
  if (b.folded) {
    // A long group is folded into <details>: open it first, as a person would.
    await page.$eval(sel, (el) => {
      const d = el.closest('details');
      if (d) d.open = true;
    });
  }
  try {
    await page.click(sel, { timeout: 15_000 });
  } catch {
    fail(`the decision button "${b.name}" (${b.kind}) could not be clicked.`);
  }
  // A button standing for several decisions at one place opens a choice on the board.
  if (b.kind === 'hex') {
    try {
      await page.click('[data-testid="choice"] [data-choice]', { timeout: 15_000 });
    } catch {
      fail(`the button "${b.name}" opened no choice on the board.`);
    }
  }
  try {
    await page.waitForFunction(() => !document.body.classList.contains('posting'), null, { timeout: 60_000 });
  } catch {
    fail(`the decision "${b.name}" was still being sent after a minute.`);
  }
}

/**
 * A decision naming one stand, taken by clicking that stand on the board: it must be ringed,
 * pointing at its button must mark it, and the click must apply it (the history grows).
 */
export async function clickStand(page, harness, gameId, b, screenshot) {
  const ringed = `[data-testid="board"] [data-testid="stand-${b.unit}-${b.stand}"]`;
  if (!(await page.$(ringed))) fail(`the decision "${b.name}" names stand ${Number(b.stand) + 1} of ${b.unit}, but the board rings no such stand.`);
  await page.hover(`[data-testid="decisions"] [data-testid="${b.testid}"]`);
  try {
    await page.waitForSelector('[data-testid="board"] [data-testid="stand-hover"]', { timeout: 15_000 });
  } catch {
    fail(`pointing at the button "${b.name}" marked no stand on the board.`);
  }
  if (screenshot) await screenshotAt(page, screenshot);
  const before = (await harness.getJson(`/api/games/${encodeURIComponent(gameId)}`)).history_length;
  try {
    await page.click(ringed, { timeout: 15_000 });
  } catch {
    fail(`the ringed stand of "${b.name}" could not be clicked.`);
  }
  try {
    await page.waitForFunction(() => !document.body.classList.contains('posting'), null, { timeout: 60_000 });
  } catch {
    fail(`the decision "${b.name}" was still being sent after a minute.`);
  }
  const after = (await harness.getJson(`/api/games/${encodeURIComponent(gameId)}`)).history_length;
  if (after <= before) fail(`clicking the ringed stand of "${b.name}" did not take the decision (the game stayed at decision ${before}).`);
}

/** The seat tokens the browser keeps for game `id` (web/src/shell/seats.ts, key carroccio.seats). */
export async function seatTokens(page, id) {
  return page.evaluate((gameId) => {
    try {
      const list = JSON.parse(localStorage.getItem('carroccio.seats') || '[]');
      const entry = list.find((e) => e && e.id === gameId);
      if (!entry) return [];
      return [...Object.values(entry.seats || {}), ...(entry.owner ? [entry.owner] : [])];
    } catch {
      return [];
    }
  }, id);
}

/** Screen position of a point of a table board (its sub-units, y up). */
export async function screenOf(page, x, y) {
  return page.evaluate(
    ([x, y]) => {
      const svg = document.querySelector('[data-testid="board"]');
      const cloth = document.querySelector('[data-testid="table-cloth"]');
      const h = Number(cloth.getAttribute('height'));
      const p = new DOMPoint(x, h - y).matrixTransform(svg.getScreenCTM());
      return { x: p.x, y: p.y };
    },
    [x, y],
  );
}

/**
 * Drags a piece on a table board by the mouse, from one screen point to another in `steps`
 * moves, waits for the dragged base to show (`until`: its selector, e.g. the refused one), holds
 * it `hold` ms and drops it.
 */
export async function dragOnBoard(page, from, to, { steps = 10, until = '[data-testid="drag-base"]', hold = 0 } = {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await page.waitForSelector(until);
  if (hold > 0) await sleep(hold);
  await page.mouse.up();
}

// ---- The screen's text fits (issue 20): decisions, odds, replay ----

/**
 * Every decision button is readable in full: each piece's folded list is opened first, then no
 * button's text is cut short (its scrollWidth is within its clientWidth) nor wider than the
 * panel. Returns how many buttons were measured; fails with the first one cut short.
 */
export async function checkDecisionsFit(page, what) {
  const out = await page.evaluate(() => {
    const body = document.querySelector('[data-testid="decisions"]');
    if (!body) return { n: 0, cut: [] };
    for (const d of body.querySelectorAll('details')) d.open = true;
    const panel = body.getBoundingClientRect();
    const cut = [];
    const buttons = [...body.querySelectorAll('button.act')];
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      if (b.scrollWidth > b.clientWidth + 1 || r.right > panel.right + 1) cut.push({ text: (b.textContent || '').trim(), sw: b.scrollWidth, cw: b.clientWidth });
    }
    return { n: buttons.length, cut };
  });
  if (out.cut.length) fail(`${what}: ${out.cut.length} of ${out.n} decision buttons are cut short, e.g. "${out.cut[0].text}" (${out.cut[0].sw} px of text in ${out.cut[0].cw} px).`);
  return out.n;
}

/**
 * Every result row of the odds panel stands on one line: no cell's text wraps (its text's line
 * boxes all share one top) and the table is no wider than the panel. Returns the rows' texts.
 */
export async function checkOddsRowsFit(page, what) {
  const out = await page.evaluate(() => {
    const body = document.querySelector('[data-testid="odds"]');
    const table = body?.querySelector('.odds-table');
    if (!body || !table) return { rows: [], wrapped: [], wide: false };
    const wrapped = [];
    const rows = [...table.querySelectorAll('tr.odds-row')];
    for (const tr of rows) {
      for (const td of tr.querySelectorAll('td')) {
        const range = document.createRange();
        range.selectNodeContents(td);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
        const size = parseFloat(getComputedStyle(td).fontSize) || 12;
        if (tops.length && Math.max(...tops) - Math.min(...tops) > 0.8 * size) wrapped.push((tr.textContent || '').trim());
      }
    }
    return {
      rows: rows.map((r) => (r.textContent || '').trim()),
      wrapped,
      wide: table.getBoundingClientRect().width > body.getBoundingClientRect().width + 1,
    };
  });
  if (out.rows.length === 0) fail(`${what}: the odds panel shows no result rows.`);
  if (out.wrapped.length) fail(`${what}: the odds row "${out.wrapped[0]}" wraps onto a second line.`);
  if (out.wide) fail(`${what}: the odds table is wider than its panel.`);
  return out.rows;
}

/**
 * The whole odds of a pending decision are in view without scrolling (issue 20): every result
 * row, every check and every modifier with its clause lies inside the odds panel's visible box
 * (and the window), the panel scrolled to its top. Returns how many lines were measured.
 */
export async function checkOddsWhole(page, what) {
  const out = await page.evaluate(() => {
    const body = document.querySelector('[data-testid="odds"]');
    const panel = body?.closest('.odds');
    if (!body || !panel) return null;
    const box = panel.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const items = [...body.querySelectorAll('.odds-table tr, .odds-sub .small, .mods li')];
    const hidden = items
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.height > 0 && (r.top < top - 1 || r.bottom > bottom + 1);
      })
      .map((e) => (e.textContent || '').trim());
    return { n: items.length, mods: body.querySelectorAll('.mods li').length, hidden, scrolled: panel.scrollTop, height: Math.round(bottom - top) };
  });
  if (!out) fail(`${what}: there is no odds panel.`);
  if (out.n === 0) fail(`${what}: the odds panel shows no results.`);
  if (out.scrolled > 1) fail(`${what}: the odds panel opened scrolled down by ${out.scrolled} px.`);
  if (out.hidden.length && process.env.DBG) await page.screenshot({ path: process.env.DBG });
  if (out.hidden.length) fail(`${what}: ${out.hidden.length} of the odds panel's ${out.n} lines are out of its ${out.height} px view, e.g. "${out.hidden[0]}".`);
  return out;
}

/** A tablet held upright (issue 20): the board above, the panel below. */
export const UPRIGHT = { width: 768, height: 1024 };

/**
 * The whole odds in view at another window size: resizes to `viewport`, points at `hover` again
 * (the decision whose odds are weighed; none for odds held on the screen), waits for the odds and
 * checks them with checkOddsWhole; saves `shot` if given, then goes back to `back`.
 */
export async function checkOddsWholeAt(page, viewport, what, { hover = null, shot = null, back = SMALL } = {}) {
  const size = `${viewport.width}x${viewport.height}`;
  await page.setViewportSize(viewport);
  await sleep(400);
  if (hover) await page.hover(hover);
  try {
    await page.waitForSelector('[data-testid="odds"]:not(.stale) .odds-table tr', { timeout: 30_000 });
  } catch {
    fail(`${what}: at ${size} the odds panel showed no results within 30 seconds.`);
  }
  await sleep(200);
  const out = await checkOddsWhole(page, `${what} at ${size}`);
  log('odds', `${what} at ${size}: all ${out.n} lines (${out.mods} modifiers) in the panel's ${out.height} px`);
  if (shot) await screenshotAt(page, shot);
  if (back) {
    await page.setViewportSize(back);
    await sleep(300);
  }
  return out;
}

/** The replay's turn and phase lists as shown: the selected option's text of each. */
export async function replayLists(page) {
  return page.evaluate(() => {
    const text = (sel) => {
      const s = document.querySelector(sel);
      return s && s.selectedIndex >= 0 ? (s.options[s.selectedIndex].textContent || '').trim() : '';
    };
    return { turn: text('[data-testid="replay-turn"]'), phase: text('[data-testid="replay-phase"]') };
  });
}

/** A phase as the replay lists write it ("move-select" -> "Move select"). */
export const phaseWords = (p) => {
  const t = String(p).replace(/[_-]/g, ' ').replace(/\s+/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/**
 * At the end of game `id`, the replay's lists show the last position's turn and phase: at once
 * (while the timeline may still be read) and once the timeline has come, then one decision back.
 */
export async function checkReplayListsAtEnd(page, harness, id, what) {
  const v = await harness.getJson(`/api/games/${encodeURIComponent(id)}`);
  const want = { turn: v.state.turn === undefined || v.state.turn === null ? '' : String(v.state.turn), phase: v.state.phase ? phaseWords(v.state.phase) : '' };
  const check = async (when) => {
    const got = await replayLists(page);
    if ((want.turn && got.turn !== want.turn) || (want.phase && got.phase !== want.phase))
      fail(`${what}: ${when} the replay's lists show turn "${got.turn}" and phase "${got.phase}", not turn ${want.turn} and ${want.phase}.`);
    return got;
  };
  await page.waitForSelector('[data-testid="replay"]:not([hidden])', { timeout: 60_000 });
  await check('at the end of the game');
  // "Replay the battle" on the end screen: the screen goes, the replay panel is at hand.
  if (await page.$('[data-testid="end-replay"]')) await page.click('[data-testid="end-replay"]').catch(() => {});
  try {
    await page.waitForSelector('[data-testid="replay"][data-timeline="ready"]', { state: 'attached', timeout: 300_000 });
  } catch {
    fail(`${what}: the replay's timeline never came.`);
  }
  await sleep(200);
  const got = await check('once the timeline has come,');
  try {
    await page.click('[data-testid="replay-back"]', { timeout: 10_000 });
  } catch {
    fail(`${what}: the replay's "back one decision" could not be clicked.`);
  }
  await sleep(300);
  const back = await replayLists(page);
  if (!back.turn || (want.phase && !back.phase)) fail(`${what}: one decision before the end the replay's lists are blank (turn "${back.turn}", phase "${back.phase}").`);
  await page.click('[data-testid="replay-end"]').catch(() => {});
  await sleep(300);
  return `turn ${got.turn}, ${got.phase} (one back: turn ${back.turn}, ${back.phase})`;
}

/**
 * The decisions reachable without scrolling the page (issue 20, a tablet too): the page does not
 * scroll, the decisions panel is in the window and at least `minPx` tall (or tall enough for all
 * it holds), and its first decision button is whole in the window. Returns a line for the log.
 */
export async function checkDecisionsReachable(page, what, minPx = 80) {
  const r = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="decisions"]')?.closest('.decisions') || document.querySelector('.decisions');
    if (!panel) return null;
    const p = panel.getBoundingClientRect();
    const first = panel.querySelector('button.act');
    const b = first ? first.getBoundingClientRect() : null;
    return {
      scroll: document.scrollingElement.scrollHeight - window.innerHeight,
      top: p.top,
      bottom: p.bottom,
      height: p.height,
      full: (() => {
        const body = panel.querySelector('[data-testid="decisions"]') || panel;
        return body.scrollHeight <= body.clientHeight + 1;
      })(),
      first: b ? { top: b.top, bottom: b.bottom, height: b.height } : null,
      vh: window.innerHeight,
    };
  });
  if (!r) fail(`${what}: no decisions panel is shown.`);
  if (r.scroll > 1) fail(`${what}: the page scrolls by ${r.scroll} px; the decisions should be reachable without it.`);
  if (r.bottom > r.vh + 1 || r.top < 0) fail(`${what}: the decisions panel (${r.top.toFixed(0)}-${r.bottom.toFixed(0)} px) is not whole in the window (${r.vh} px tall).`);
  if (r.height < minPx && !r.full) fail(`${what}: the decisions panel is only ${r.height.toFixed(0)} px tall and its decisions scroll inside it.`);
  if (r.first && (r.first.height === 0 || r.first.bottom > Math.min(r.bottom, r.vh) + 1)) fail(`${what}: the first decision button is below the decisions panel's foot or the window's.`);
  return `decisions panel ${r.top.toFixed(0)}-${r.bottom.toFixed(0)} px (${r.height.toFixed(0)} px${r.full ? ', all in view' : ''})`;
}

/**
 * A message shown (a drop's price, why a drop is refused) stands beside the board, never over the
 * playing area (issue 20, point 7): the shown toast meets no part of the map's frame and is whole
 * in the window. Returns its text.
 */
export async function checkToastBeside(page, what) {
  const r = await page.evaluate(() => {
    const t = document.querySelector('[data-testid="toast"]');
    const f = document.querySelector('.map-frame');
    if (!t || !f || !t.classList.contains('on')) return null;
    const a = t.getBoundingClientRect();
    const b = f.getBoundingClientRect();
    const meets = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const whole = a.top >= 0 && a.left >= 0 && a.bottom <= window.innerHeight && a.right <= window.innerWidth;
    return { meets, whole, text: t.textContent || '', box: [a.left, a.top, a.right, a.bottom].map(Math.round) };
  });
  if (!r) fail(`${what}: no message is shown.`);
  if (r.meets) fail(`${what}: the message "${r.text.slice(0, 60)}" covers the board (at ${r.box.join(', ')}).`);
  if (!r.whole) fail(`${what}: the message "${r.text.slice(0, 60)}" is not whole in the window (at ${r.box.join(', ')}).`);
  return r.text;
}
