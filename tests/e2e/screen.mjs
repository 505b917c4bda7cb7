#!/usr/bin/env node
// End-to-end test of the wargamer's screen (issue 20), driving Debian's chromium.
//
//   node tests/e2e/screen.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Through the UI only: an ohw/s1 game at 1366x768 and at 1920x1080 gives the board most of the
// window (at least 70% of the width and 60% of the area) with every unit's labels at least 11 px
// tall in the default view (fastplay's stands are not measured yet), and folding the side panel gives it
// the whole width. Then a fastplay/mill game (the garrison a person, the besiegers the random
// agent): the person plays the first decision offered until a shot is on offer, points at it,
// and the odds panel shows the dice, the results with their probabilities and the modifiers
// with their clauses before anything is rolled. Saves screen-small.png (1366x768),
// screen-large.png (1920x1080), screen-folded.png and screen-odds.png beside SCREENSHOT_PATH
// (default build/e2e/screen.png). Exits 0 on success; on failure prints one sentence and exits 1.

import path from 'node:path';
import { clickDecision, decisionButtons, fail, Harness, LARGE, lobbyCreate, log as say, ROOT, screenshotAt, SMALL, sleep } from './lib.mjs';

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
    for (const t of document.querySelectorAll('[data-testid="board"] .tunit-label, [data-testid="board"] .tunit-hits, [data-testid="board"] .counter .rating')) {
      const ctm = t.getScreenCTM();
      const fs = parseFloat(getComputedStyle(t).fontSize);
      if (ctm && fs > 0) min = Math.min(min, fs * Math.hypot(ctm.a, ctm.b));
    }
    return min;
  });
}

async function checkShare(page, viewport, what) {
  await page.setViewportSize(viewport);
  await sleep(400);
  const s = await boardShare(page);
  const px = await labelPx(page);
  log(`${what} ${viewport.width}x${viewport.height}: the board has ${(100 * s.width).toFixed(0)}% of the width, ${(100 * s.area).toFixed(0)}% of the area; the smallest unit label is ${px.toFixed(1)} px`);
  if (px < 11) fail(`at ${viewport.width}x${viewport.height} the smallest unit label on the ${what} table is ${px.toFixed(1)} px, under 11.`);
  if (s.width < 0.7 || s.area < 0.6)
    fail(`at ${viewport.width}x${viewport.height} the board has only ${(100 * s.width).toFixed(0)}% of the width and ${(100 * s.area).toFixed(0)}% of the area.`);
  return s;
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
  await screenshotAt(page, path.join(dir, 'screen-odds.png'));
  if (harness.pageErrors.length) fail(`the page raised ${harness.pageErrors.length} error(s): ${harness.pageErrors[0]}`);
  log('passed: the board has most of the window at both sizes, the panel folds, the odds of a fastplay shot are shown before it is taken');
}

harness.main(run);
