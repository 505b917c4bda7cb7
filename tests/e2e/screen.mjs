#!/usr/bin/env node
// End-to-end test of the wargamer's screen (issue 20), driving Debian's chromium.
//
//   node tests/e2e/screen.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Through the UI only: an ohw/s1 game at 1366x768 and at 1920x1080 gives the board most of the
// window (at least 70% of the width and 60% of the area), its tools beside it and never over it,
// with every unit's labels at least 11 px
// tall in the default view, and folding the side panel gives it the whole width; on tablet-sized
// windows (1024x768, and 768x1024 with the panel below the board) the board keeps most of the
// width and half the window. A bma/legnano game opens with every counter's text (rating,
// movement, chit, markers, leaders' command) and every hex number shown at least 11 px tall at
// 1366x768, 1920x1080 and both tablet sizes, the pieces offered to move in view; the hovered
// hex's number is 11 px or more. At every one of these sizes the decisions (the ohw moves, the
// bma activation) are reachable without scrolling the page: the panel whole in the window, at
// least 120 px tall for ohw's seven moves, its first button in view. The fastplay stand numbers are at least 11 px too. Then a fastplay/mill game (the garrison a person, the besiegers the random
// agent): the person plays the first decision offered until a shot is on offer, points at it,
// and the odds panel shows the dice, the results with their probabilities and the modifiers
// with their clauses before anything is rolled, each result on one line and the whole table in
// view (no line of it out of the panel) at 1366x768 and 1920x1080, the log meanwhile down to its
// latest entry and unfolded or folded by a click on its title. Then an ohw/s1 game against
// the heuristic agent: the knights go forward until a fight is on offer, whose odds (dice,
// results, every modifier with its ohw clause) are shown whole before it is taken, at 1366x768,
// 1920x1080 and on an upright tablet. Last, an ohw/s1, a fastplay/mill, a bma/legnano and a
// gwkho/legnano game between two random agents (seed 5) played to their end: at 1366x768,
// 1920x1080 and 768x1024 no log entry takes more than two lines, its pieces written by their short labels on
// their side's colours, never by their whole names (issue 20, point 3; screen-log-*.png). Saves screen-small.png (1366x768),
// screen-large.png (1920x1080), screen-folded.png, screen-tablet.png, screen-bma*.png and
// screen-odds*.png beside SCREENSHOT_PATH
// (default build/e2e/screen.png). Exits 0 on success; on failure prints one sentence and exits 1.

import path from 'node:path';
import { checkDecisionsReachable, checkOddsRowsFit, checkOddsWhole, checkOddsWholeAt, clickDecision, decisionButtons, fail, Harness, LARGE, lobbyCreate, log as say, ROOT, screenshotAt, seatTokens, SMALL, sleep, UPRIGHT } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const MAX_CLICKS = 300; // decisions the garrison may take before a shot is on offer
const log = (msg) => say('e2e_screen', msg);
const harness = new Harness('e2e_screen');

/** The board pane's share of the window's width and area. */
async function boardShare(page) {
  return page.evaluate(() => {
    const r = document.querySelector('.map-pane').getBoundingClientRect();
    return { width: r.width / window.innerWidth, area: (r.width * r.height) / (window.innerWidth * window.innerHeight) };
  });
}

/** The smallest on-screen size (px) of the units' labels in the board's current view. */
async function labelPx(page) {
  return page.evaluate(() => {
    let min = Infinity;
    const texts = [
      '.tunit-label',
      '.tunit-hits',
      '.stand-pick-number',
      '.counter .rating',
      '.counter .movement',
      '.counter .chit-value',
      '.mark-disordered text',
      '.mark-routed text',
      '.combat-mark text',
      '.leader-cv',
      '.hex-label',
      '.place-name',
    ];
    for (const t of document.querySelectorAll(texts.map((c) => `[data-testid="board"] ${c}`).join(', '))) {
      if (getComputedStyle(t).display === 'none') continue; // hex numbers too small show only on hover
      const ctm = t.getScreenCTM();
      const fs = parseFloat(getComputedStyle(t).fontSize);
      if (ctm && fs > 0) min = Math.min(min, fs * Math.hypot(ctm.a, ctm.b));
    }
    return min;
  });
}

/** Tablet-sized windows: landscape (the panel beside the board) and upright (the panel below). */
const TABLETS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

/** The pieces a decision names are on the board's visible part (the default view follows them). */
async function actionInView(page) {
  return page.evaluate(() => {
    const board = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    const ringed = [...document.querySelectorAll('[data-testid="board"] .counter[data-roles], [data-testid="board"] .leader[class*="hl-"], [data-testid="board"] g.tunit.hl-select')];
    const inside = ringed.filter((g) => {
      const r = g.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      return x >= board.left && x <= board.right && y >= board.top && y <= board.bottom;
    });
    return { ringed: ringed.length, inside: inside.length };
  });
}

/** The map's tools (zoom, fit, fold) lie beside the board, never over it (issue 20, point 7). */
async function toolsBeside(page) {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid="board"]').getBoundingClientRect();
    const over = [];
    for (const t of document.querySelectorAll('.map-tools .tool')) {
      const r = t.getBoundingClientRect();
      if (r.width > 0 && r.left < b.right - 0.5 && r.right > b.left + 0.5 && r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5) over.push(t.getAttribute('title') || t.textContent);
    }
    return over;
  });
}

async function checkShare(page, viewport, what, minShare = { width: 0.7, area: 0.6 }) {
  await page.setViewportSize(viewport);
  await sleep(400);
  const over = await toolsBeside(page);
  if (over.length) fail(`at ${viewport.width}x${viewport.height} the map tool "${over[0]}" covers the ${what} board.`);
  const s = await boardShare(page);
  const px = await labelPx(page);
  log(`${what} ${viewport.width}x${viewport.height}: the board has ${(100 * s.width).toFixed(0)}% of the width, ${(100 * s.area).toFixed(0)}% of the area; the smallest unit label is ${px.toFixed(1)} px`);
  if (px < 11) fail(`at ${viewport.width}x${viewport.height} the smallest unit label on the ${what} table is ${px.toFixed(1)} px, under 11.`);
  if (s.width < minShare.width || s.area < minShare.area)
    fail(`at ${viewport.width}x${viewport.height} the board has only ${(100 * s.width).toFixed(0)}% of the width and ${(100 * s.area).toFixed(0)}% of the area.`);
  return s;
}

const MAX_OHW_DECISIONS = 150; // decisions the Imperial knights may take before a fight is on offer

/**
 * ohw/s1 against the heuristic agent: the person sends the knights forward (each unit picked in
 * turn, its last move offered) until a decision with odds is on offer (a charge or a fight); the
 * odds panel shows it before anything is rolled, its dice, results and modifiers with their ohw
 * clauses, the whole table in view at 1366x768, at 1920x1080 and upright on a tablet.
 */
async function ohwOdds(page, dir) {
  const id = await lobbyCreate(page, harness.base, 'ohw', 's1', { blue: 'human', red: 'heuristic' }, 3);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  const tokens = await seatTokens(page, id);
  const view = () => harness.getJson(`/api/games/${encodeURIComponent(id)}?as=blue`, tokens);
  let target = null;
  let v = null;
  for (let n = 0; n < MAX_OHW_DECISIONS && !target; n++) {
    for (let i = 0; i < 600; i++) {
      v = await view();
      if (v.terminal || (v.waiting_for === 'human' && (v.legal || []).length)) break;
      await sleep(100);
    }
    if (v.terminal) fail('the ohw game ended before the Imperial side was offered a decision with odds.');
    const legal = v.legal || [];
    target = legal.find((a) => a.odds) || null;
    if (target) break;
    const picks = legal.filter((a) => a.kind === 'select-unit');
    const moves = legal.filter((a) => a.kind !== 'select-unit' && !/^end|pass|hold/.test(a.kind || ''));
    const pick = moves.length ? moves[moves.length - 1] : picks.length ? picks[n % picks.length] : legal[0];
    await page.waitForSelector(`[data-testid="decisions"] [data-testid="action-${pick.id}"]:not([disabled])`, { state: 'attached' });
    await clickDecision(page, { testid: `action-${pick.id}`, kind: pick.kind, name: pick.name, folded: true });
  }
  if (!target) fail(`no ohw decision with odds was offered in ${MAX_OHW_DECISIONS} decisions.`);
  log(`ohw: "${target.name}" has odds`);
  await page.waitForSelector(`[data-testid="decisions"] [data-testid="action-${target.id}"]:not([disabled])`);
  await page.hover(`[data-testid="decisions"] [data-testid="action-${target.id}"]`);
  await page.waitForSelector('[data-testid="odds"]:not(.stale) .odds-table tr.odds-row', { timeout: 20_000 });
  const roll = (await page.textContent('[data-testid="odds-roll"]')) || '';
  if (!/d6/i.test(roll)) fail(`the odds of "${target.name}" show "${roll}" instead of the dice it rolls.`);
  const mods = await page.$$eval('[data-testid="odds"] .mods li', (lis) => lis.map((l) => l.textContent || ''));
  if (!mods.length || !mods.every((m) => /ohw [\w.-]+/.test(m))) fail(`the odds of "${target.name}" list modifiers (${mods.join(' | ')}) not each with its ohw clause.`);
  const after = await view();
  if (after.history_length !== v.history_length) fail('showing the odds of an ohw decision changed the game.');
  await checkOddsRowsFit(page, `the odds of "${target.name}" at 1366x768`);
  const whole = await checkOddsWhole(page, `the odds of "${target.name}" at 1366x768`);
  log(`ohw odds at 1366x768: ${roll.trim()}; all ${whole.n} lines (${whole.mods} modifiers) in the panel's ${whole.height} px`);
  await screenshotAt(page, path.join(dir, 'screen-odds-ohw.png'));
  for (const vp of [LARGE, TABLETS[1]]) {
    await page.setViewportSize(vp);
    await sleep(400);
    await page.hover(`[data-testid="decisions"] [data-testid="action-${target.id}"]`);
    await page.waitForSelector('[data-testid="odds"]:not(.stale) .odds-table tr.odds-row');
    await checkOddsWhole(page, `the odds of "${target.name}" at ${vp.width}x${vp.height}`);
    await screenshotAt(page, path.join(dir, `screen-odds-ohw-${vp.width}x${vp.height}.png`));
  }
  await page.setViewportSize(SMALL);
}

/** The number of lines each log entry of a roll takes (its text and its citation), and how its text flows. */
async function logLines(page) {
  return page.evaluate(() => {
    const out = [];
    for (const li of document.querySelectorAll('[data-testid="event-log"] > li.ev')) {
      const text = li.querySelector('.ev-text');
      if (!text) continue;
      const rects = [...text.getClientRects(), ...[...li.querySelectorAll('.ev-rule')].map((r) => r.getBoundingClientRect())].filter((r) => r.width > 0);
      // Boxes whose tops are within 8 px of each other stand on one line.
      const tops = rects.map((r) => r.top).sort((a, b) => a - b);
      const lines = tops.filter((t, i) => i === 0 || t - tops[i - 1] > 8).length;
      // The text's lines after its first start at the entry's left edge (under the kind).
      const left = li.getBoundingClientRect().left + parseFloat(getComputedStyle(li).paddingLeft);
      // Its boxes line by line (a piece's label is a box of its own on its line): each line after
      // the first starts at the left edge.
      const textRects = [...text.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top || a.left - b.left);
      const starts = textRects.filter((r, i) => i === 0 || r.top - textRects[i - 1].top > 8);
      const under = starts.slice(1).every((r) => r.left <= left + 3);
      out.push({ kind: li.dataset.kind, roll: /\bd(6|10)\b/.test(text.textContent || ''), lines, under, text: (text.textContent || '').slice(0, 120) });
    }
    return out;
  });
}

/**
 * Log entries compact (issue 20, point 3): a game between two agents played to its end, its log
 * read at 1366x768, 1920x1080 and on an upright tablet (768x1024). Each entry's text flows under its kind (the panel's whole width
 * from its second line on) and no entry takes more than 2 lines (its text, its pieces by their
 * labels on their side's colours, its citation); the pieces are named so, by the labels the
 * position gives, never by their whole names.
 */
async function checkLogEntries(page, ruleset, scenario, players, dir) {
  const id = await lobbyCreate(page, harness.base, ruleset, scenario, players, 5);
  for (let i = 0; i < 3000; i++) {
    if (await page.$('[data-testid="end-screen"]')) break;
    await sleep(100);
  }
  await sleep(500);
  for (const vp of [SMALL, LARGE, UPRIGHT]) {
    await page.setViewportSize(vp);
    await sleep(400);
    // Unfolded, over the end screen's layer: the entries as the panel lays them out.
    if (await page.$('.log.folded')) await page.click('[data-testid="log-toggle"]');
    await sleep(200);
    const entries = await logLines(page);
    if (entries.length === 0) fail(`${ruleset}/${scenario} (${id}) at ${vp.width}x${vp.height}: the log is empty at the game's end.`);
    const notUnder = entries.find((e) => !e.under);
    if (notUnder) fail(`${ruleset} at ${vp.width}x${vp.height}: the entry "${notUnder.text}" does not flow under its kind.`);
    const rolls = entries.filter((e) => e.roll);
    const long = entries.find((e) => e.lines > 2);
    if (long) fail(`${ruleset} at ${vp.width}x${vp.height}: the entry "${long.text}" takes ${long.lines} lines in the log.`);
    const pieces = await page.evaluate(() => {
      const names = [...document.querySelectorAll('[data-testid="event-log"] .ev-piece')].map((p) => p.getAttribute('title') || '');
      const texts = [...document.querySelectorAll('[data-testid="event-log"] .ev-text')].map((t) => t.textContent || '');
      const whole = [...new Set(names)].filter((n) => n && texts.some((t) => t.toLowerCase().includes(n.toLowerCase())));
      return { n: names.length, whole };
    });
    if (pieces.n === 0) fail(`${ruleset} at ${vp.width}x${vp.height}: no entry names a piece by its label.`);
    if (pieces.whole.length) fail(`${ruleset} at ${vp.width}x${vp.height}: an entry still names "${pieces.whole[0]}" in full.`);
    log(`${ruleset} log at ${vp.width}x${vp.height}: all ${entries.length} entries (${rolls.length} rolls) on two lines or fewer, ${pieces.n} pieces named by their labels`);
    if (vp === SMALL) await screenshotAt(page, path.join(dir, `screen-log-${ruleset}.png`));
    else await screenshotAt(page, path.join(dir, `screen-log-${ruleset}-${vp.width}x${vp.height}.png`));
  }
  await page.setViewportSize(SMALL);
  await sleep(200);
}

async function run() {
  const shot = path.resolve(shotArg || process.env.CARROCCIO_E2E_SCREENSHOT || path.join(ROOT, 'build', 'e2e', 'screen.png'));
  const dir = path.dirname(shot);
  await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);

  const id = await lobbyCreate(page, harness.base, 'ohw', 's1', { blue: 'human', red: 'random' }, 5);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  log(`ohw game ${id} created`);
  await checkShare(page, SMALL, 'ohw');
  await screenshotAt(page, path.join(dir, 'screen-small.png'));
  await checkShare(page, LARGE, 'ohw');
  await screenshotAt(page, path.join(dir, 'screen-large.png'));
  await page.setViewportSize(SMALL);
  await sleep(300);
  // The side panel folds away and comes back.
  await page.click('[data-testid="side-toggle"]');
  await sleep(300);
  const folded = await boardShare(page);
  if (folded.width < 0.97) fail(`with the side panel folded the board has only ${(100 * folded.width).toFixed(0)}% of the width.`);
  if (await page.isVisible('[data-testid="side-panel"]')) fail('the side panel is still shown after folding it.');
  await screenshotAt(page, path.join(dir, 'screen-folded.png'));
  await page.click('[data-testid="side-toggle"]');
  await page.waitForSelector('[data-testid="side-panel"]', { state: 'visible' });

  for (const t of TABLETS) await checkShare(page, t, 'ohw', t.width < t.height ? { width: 0.95, area: 0.5 } : { width: 0.6, area: 0.5 });
  await screenshotAt(page, path.join(dir, 'screen-tablet.png'), TABLETS[1], SMALL);
  // The decisions reachable without scrolling the page at every size (issue 20): the ohw moves.
  await page.waitForSelector('[data-testid="decisions"] button.act:not([disabled])');
  for (const vp of [SMALL, LARGE, ...TABLETS]) {
    await page.setViewportSize(vp);
    await sleep(400);
    log(`ohw ${vp.width}x${vp.height}: ${await checkDecisionsReachable(page, `ohw at ${vp.width}x${vp.height}`, 120)}`);
    if (vp === TABLETS[0]) await screenshotAt(page, path.join(dir, 'screen-tablet-wide.png'));
  }
  await page.setViewportSize(SMALL);
  await sleep(300);

  // bma: the Legnano map opens zoomed until every counter's text is 11 px, on the pieces to move.
  const bma = await lobbyCreate(page, harness.base, 'bma', 'legnano', { imperial: 'human', lombard: 'random' }, 11);
  await page.waitForSelector('[data-testid="board"] g.counter');
  await page.waitForSelector('[data-testid="decisions"] button.act:not([disabled])');
  log(`bma game ${bma} created`);
  for (const [viewport, share] of [
    [SMALL, undefined],
    [LARGE, undefined],
    [TABLETS[0], { width: 0.6, area: 0.5 }],
    [TABLETS[1], { width: 0.95, area: 0.5 }],
  ]) {
    await checkShare(page, viewport, 'bma', share);
    log(`bma ${viewport.width}x${viewport.height}: ${await checkDecisionsReachable(page, `bma at ${viewport.width}x${viewport.height}`)}`);
    const seen = await actionInView(page);
    if (seen.ringed > 0 && seen.inside === 0) fail(`at ${viewport.width}x${viewport.height} none of the ${seen.ringed} bma pieces offered to move is in view.`);
    const name = viewport === SMALL ? 'screen-bma.png' : viewport === LARGE ? 'screen-bma-large.png' : `screen-bma-${viewport.width}x${viewport.height}.png`;
    await screenshotAt(page, path.join(dir, name));
  }
  // The hovered hex's number is readable at any zoom.
  await page.setViewportSize(SMALL);
  await sleep(400);
  const box = await page.$eval('[data-testid="board"]', (b) => {
    const r = b.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.waitForSelector('[data-testid="board"] .hex-label.hover');
  const hoverPx = await page.$eval('[data-testid="board"] .hex-label.hover', (t) => parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b));
  log(`the hovered hex's number is ${hoverPx.toFixed(1)} px`);
  if (hoverPx < 11) fail(`the hovered hex's number is ${hoverPx.toFixed(1)} px, under 11.`);

  // fastplay: the odds of a shot, before it is taken.
  const fp = await lobbyCreate(page, harness.base, 'fastplay', 'mill', { attack: 'random', hold: 'human' }, 7);
  await page.waitForSelector('[data-testid="board"]');
  log(`fastplay game ${fp} created`);
  let shotButton = null;
  for (let clicks = 0; clicks < MAX_CLICKS && !shotButton; clicks++) {
    let buttons = [];
    for (let i = 0; i < 400 && buttons.length === 0; i++) {
      buttons = await decisionButtons(page);
      if (buttons.length === 0) await sleep(50);
    }
    if (buttons.length === 0) fail('no decision was offered to the garrison.');
    shotButton = buttons.find((b) => b.kind === 'shoot' && !b.folded) ?? null;
    if (shotButton) break;
    // Anything but a shot or a charge: pass, end the movement, hold.
    const quiet = buttons.find((b) => ['pass', 'end-movement', 'hold'].includes(b.kind)) ?? buttons[0];
    await clickDecision(page, quiet);
  }
  if (!shotButton) fail(`no shot was offered to the garrison in ${MAX_CLICKS} decisions.`);
  log(`a shot is on offer: ${shotButton.name}`);
  await page.hover(`[data-testid="decisions"] [data-testid="${shotButton.testid}"]`);
  await page.waitForSelector('[data-testid="odds-roll"]', { timeout: 20_000 });
  const roll = (await page.textContent('[data-testid="odds-roll"]')) || '';
  if (!/d6/.test(roll)) fail(`the odds panel shows "${roll}" instead of the dice the shot rolls.`);
  const rows = await page.$$eval('[data-testid="odds"] .odds-table tr', (trs) => trs.map((t) => t.textContent || ''));
  if (rows.length < 2) fail(`the odds panel lists ${rows.length} results for the shot.`);
  const mods = await page.$$eval('[data-testid="odds"] .mods li', (lis) => lis.map((l) => l.textContent || ''));
  if (!mods.some((m) => /fastplay 5\.2/.test(m))) fail(`the odds panel's modifiers (${mods.join(' | ')}) do not cite fastplay 5.2.`);
  log(`odds shown before the shot: ${roll.trim()}; ${rows.length} results; ${mods.length} modifiers`);
  // Each result on one line at 1366x768 (issue 20), and the whole table in view: every result,
  // check and modifier with its clause, no scrolling.
  await checkOddsRowsFit(page, 'the odds of a fastplay shot at 1366x768');
  const whole = await checkOddsWhole(page, 'the odds of a fastplay shot at 1366x768');
  log(`fastplay odds at 1366x768: all ${whole.n} lines (${whole.mods} modifiers) in the panel's ${whole.height} px`);
  const standPx = await labelPx(page);
  if (await page.$('[data-testid="board"] .stand-pick-number')) log(`fastplay: the smallest label or stand number is ${standPx.toFixed(1)} px`);
  if (standPx < 11) fail(`the smallest fastplay label or stand number is ${standPx.toFixed(1)} px, under 11.`);
  await screenshotAt(page, path.join(dir, 'screen-odds.png'));
  // While the odds are weighed the log shows its latest entry only; a click on its title unfolds
  // it whole, another folds it again.
  const logShown = () => page.$$eval('[data-testid="event-log"] > li', (lis) => lis.filter((li) => li.getBoundingClientRect().height > 0).length);
  const logAll = await page.$$eval('[data-testid="event-log"] > li', (lis) => lis.length);
  if (logAll > 1) {
    if ((await logShown()) !== 1) fail(`while a shot is weighed the log shows ${await logShown()} of its ${logAll} entries, not its latest one.`);
    await page.click('[data-testid="log-toggle"]');
    await sleep(200);
    if ((await logShown()) < 2) fail('a click on the log title did not unfold the log while a shot was weighed.');
    await page.click('[data-testid="log-toggle"]');
    await sleep(200);
    if ((await logShown()) !== 0) fail('a second click on the log title did not fold the log.');
    await page.click('[data-testid="log-toggle"]');
    await sleep(200);
    log(`the log shows its latest entry of ${logAll} while the shot is weighed, unfolds and folds on its title`);
  }
  await page.setViewportSize(LARGE);
  await sleep(400);
  await page.hover(`[data-testid="decisions"] [data-testid="${shotButton.testid}"]`);
  await page.waitForSelector('[data-testid="odds"]:not(.stale) .odds-table tr.odds-row');
  await checkOddsWhole(page, 'the odds of a fastplay shot at 1920x1080');
  await screenshotAt(page, path.join(dir, 'screen-odds-large.png'));
  // Upright on a tablet: the whole table below the board, no scrolling either.
  await checkOddsWholeAt(page, UPRIGHT, 'the odds of a fastplay shot', { hover: `[data-testid="decisions"] [data-testid="${shotButton.testid}"]`, shot: path.join(dir, 'screen-odds-768x1024.png') });

  await ohwOdds(page, dir);
  for (const [ruleset, scenario, players] of [
    ['ohw', 's1', { blue: 'random', red: 'random' }],
    ['fastplay', 'mill', { attack: 'random', hold: 'random' }],
    ['bma', 'legnano', { imperial: 'random', lombard: 'random' }],
    ['gwkho', 'legnano', { imperial: 'random', lombard: 'random' }],
  ])
    await checkLogEntries(page, ruleset, scenario, players, dir);
  if (harness.pageErrors.length) fail(`the page raised ${harness.pageErrors.length} error(s): ${harness.pageErrors[0]}`);
  log('passed: the board has most of the window at both sizes, the panel folds, the whole odds of a fastplay shot and an ohw fight are shown before they are taken');
}

harness.main(run);
