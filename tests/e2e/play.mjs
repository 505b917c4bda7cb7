#!/usr/bin/env node
// End-to-end test of the browser front end, driving Debian's chromium with playwright-core.
//
//   node tests/e2e/play.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH] [--full]
//
// Starts `carroccio serve` on a free port with a fresh database, then through the UI only:
// creates a bma/legnano game (Imperial army: human, Lombard League: random), plays by clicks
// until it has moved a unit and made an attack (whose odds it reads first), checks the event
// log shows the combat with its rule clause, waits for the AI to answer, and saves screenshots
// of the board at 1366x768 and 1920x1080 (default build/e2e/board.png and board-large.png, or
// $CARROCCIO_E2E_SCREENSHOT). The lobby must offer exactly the agent kinds GET /api/agents lists.
// With --full (or CARROCCIO_E2E_FULL=1) it then plays on by clicks to the end of the battle,
// checks the end screen, drags the replay slider, and saves end.png, end-large.png and
// replay.png beside the screenshot (the ctest test e2e_play_full, registered with
// -DCARROCCIO_LONG_TESTS=ON). Exits 0 on success; on failure prints one sentence and exits 1.
// The server is always stopped. playwright-core is resolved from web/node_modules.

import path from 'node:path';
import { checkOddsRowsFit, checkOddsWhole, checkOddsWholeAt, fail, Harness, LARGE, log as say, ROOT, screenshotAt, SMALL, sleep, UPRIGHT } from './lib.mjs';

const SEED = Number(process.env.CARROCCIO_E2E_SEED || 11);

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const FULL = process.argv.includes('--full') || process.env.CARROCCIO_E2E_FULL === '1';
const [binaryArg, distArg, shotArg] = positional;
// Bounds instead of a clock (the machine may be slow): decisions clicked, and polls in a row
// while the AI thinks.
const MAX_CLICKS = FULL ? 20_000 : 600;
const MAX_IDLE_POLLS = 3000;
const log = (msg) => say('e2e', msg);
const harness = new Harness('e2e_play');
const getJson = (base, p) => harness.getJson(p);

// ---- Reading the page ----

/** The enabled decision buttons: [{id, kind, unit, hex, name}]. */
async function decisions(page) {
  return page.$$eval('[data-testid="decisions"] button.act:not([disabled])', (bs) =>
    bs.map((b) => ({
      testid: b.getAttribute('data-testid'),
      kind: b.getAttribute('data-kind'),
      unit: b.getAttribute('data-unit'),
      hex: b.getAttribute('data-hex'),
      name: b.getAttribute('title') || b.textContent,
    })),
  );
}

/** Screen centres of counters of a side class ('side-0' imperial, 'side-1' lombard). */
async function counterCentres(page, sideClass) {
  return page.$$eval(`[data-testid="board"] g.counter.${sideClass}`, (gs) =>
    gs.map((g) => {
      const r = g.querySelector('.counter-body').getBoundingClientRect();
      return { id: g.getAttribute('data-unit'), x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
}

async function boxCentre(page, selector) {
  const el = await page.$(selector);
  if (!el) return null;
  const b = await el.boundingBox();
  return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
}

const dist2 = (a, b) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
const nearest = (p, list) => Math.min(...list.map((q) => dist2(p, q)));

/** Waits until the page has settled after a click: no request in flight, board redrawn. */
async function settle(page) {
  await page.waitForFunction(() => !document.body.classList.contains('posting'), null, { timeout: 15_000 });
  await sleep(60);
}

async function clickUnit(page, unitId) {
  const c = await boxCentre(page, `[data-testid="unit-${unitId}"] .counter-body`);
  if (!c) fail(`the counter of unit ${unitId} is not on the board.`);
  await page.mouse.move(c.x, c.y);
  await sleep(120);
  await page.mouse.click(c.x, c.y);
}

// ---- The game ----

async function run() {
  const shot = path.resolve(shotArg || process.env.CARROCCIO_E2E_SCREENSHOT || path.join(ROOT, 'build', 'e2e', 'board.png'));
  const base = await harness.start(binaryArg, distArg);
  const scenario = await getJson(base, '/api/rulesets/bma/scenarios/legnano');
  const lombardLeaders = new Set((scenario.leaders || []).filter((l) => l.side === 'lombard').map((l) => l.id));
  const page = await harness.browser(SMALL);
  const pageErrors = harness.pageErrors;
  // The agent kinds the lobby offers are the server's (GET /api/agents), not a list of its own.
  const agents = (await getJson(base, '/api/agents')).players;

  // Lobby: bma / Legnano, Imperial army human, Lombard League random.
  await page.goto(base + '/');
  await page.waitForSelector('[data-testid="create-game"]');
  await page.selectOption('[data-testid="lobby-ruleset"]', 'bma');
  await page.waitForSelector('[data-testid="player-lombard"]');
  await page.selectOption('[data-testid="lobby-scenario"]', 'legnano');
  await page.waitForSelector('[data-testid="player-lombard"]');
  const offered = await page.$$eval('[data-testid="player-lombard"] option', (os) => os.map((o) => o.value).filter((v) => v !== 'other'));
  if (offered.join(',') !== agents.join(',')) fail(`the lobby offers ${offered.join(', ')} but the server lists ${agents.join(', ')}.`);
  // bma suggests MCTS as the opponent (GET /api/rulesets/bma: suggested_opponent), so the lobby
  // preselects it for the second side.
  const suggested = (await getJson(base, '/api/rulesets/bma')).suggested_opponent;
  const preselected = await page.$eval('[data-testid="player-lombard"]', (el) => el.value);
  if (suggested !== 'mcts' || preselected !== 'mcts') fail(`the lobby preselects ${preselected} for the Lombard League (the ruleset suggests ${suggested}).`);
  await page.selectOption('[data-testid="player-imperial"]', 'human');
  await page.selectOption('[data-testid="player-lombard"]', 'random');
  await page.fill('[data-testid="lobby-seed"]', String(SEED));
  await page.click('[data-testid="create-game"]');
  await page.waitForSelector('[data-testid="board"] g.counter');
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())?.[1] ?? '');
  if (!gameId) fail(`creating the game did not open it (the page is at ${page.url()}).`);
  log(`game ${gameId} created`);

  let moved = false;
  let attacked = false;
  let sawOdds = false;
  let movesThisActivation = 0;
  let attackEventIndex = -1;
  let aiAnswered = false;
  let clicks = 0;
  let idle = 0;

  let over = false;
  while (!(moved && attacked && aiAnswered) || (FULL && !over)) {
    if (clicks > MAX_CLICKS) fail(`no end after ${clicks} clicks (moved: ${moved}, attacked: ${attacked}, AI answered: ${aiAnswered}).`);
    if (idle > MAX_IDLE_POLLS) fail(`the page offered no decision for ${idle} polls in a row (${clicks} clicks made).`);
    if (pageErrors.length) fail(`the page threw an error: ${pageErrors[0]}`);
    if (await page.$('[data-testid="end-screen"]')) {
      over = true;
      if (moved && attacked) break; // the attack ended the battle: nothing left to answer
      fail('the game ended before the test could move and attack.');
    }

    if (attacked && !aiAnswered) {
      // The AI has answered once a Lombard chit drawn after our attack has been decided on
      // (another chit drawn or a new turn begun since), or the game is over.
      const { events } = await getJson(base, `/api/games/${encodeURIComponent(gameId)}/events?since=${attackEventIndex + 1}`);
      const draw = events.findIndex((e) => e.kind === 'draw' && lombardLeaders.has(e.data?.leader) && !e.data?.set_aside);
      if (draw >= 0 && events.slice(draw + 1).some((e) => e.kind === 'draw' || e.kind === 'turn' || e.kind === 'victory')) {
        aiAnswered = true;
        log('the AI has answered');
        if (!FULL) break;
        await shoot(page, shot);
      }
    }

    const acts = await decisions(page);
    if (acts.length === 0) {
      idle++;
      await sleep(200); // the AI thinks or dice roll; the page polls
      continue;
    }
    idle = 0;
    const has = (k) => acts.filter((a) => a.kind === k);
    clicks++;

    if (has('resolve').length && !attacked) {
      // Read the exact odds before committing.
      await page.hover(`[data-testid="${has('resolve')[0].testid}"]`);
      await page.waitForSelector('[data-testid="odds"] .odds-table tr, [data-testid="odds"] .odds-auto', { timeout: 15_000 });
      const odds = (await page.textContent('[data-testid="odds"]')) || '';
      if (!/\d+\/\d+|1/.test(odds)) fail('the odds panel shows no probabilities before the attack is resolved.');
      sawOdds = true;
      log(`odds before resolving: ${odds.replace(/\s+/g, ' ').slice(0, 120)}`);
      // Each result on one line at 1366x768 (issue 20).
      if (await page.$('[data-testid="odds"] .odds-table tr.odds-row')) {
        await checkOddsRowsFit(page, 'the odds of a bma attack at 1366x768');
        // The whole table in view: every result, check, leader at risk and modifier.
        const whole = await checkOddsWhole(page, 'the odds of a bma attack at 1366x768');
        log(`bma odds at 1366x768: all ${whole.n} lines (${whole.mods} modifiers) in the panel's ${whole.height} px`);
        await screenshotAt(page, path.join(path.dirname(shot), 'play-odds.png'));
        // Upright on a tablet too (issue 20).
        await checkOddsWholeAt(page, UPRIGHT, 'the odds of a bma attack', { hover: `[data-testid="${has('resolve')[0].testid}"]`, shot: path.join(path.dirname(shot), 'play-odds-768x1024.png') });
      }
      const before = (await getJson(base, `/api/games/${encodeURIComponent(gameId)}/events`)).next;
      await page.click(`[data-testid="${has('resolve')[0].testid}"]`);
      await settle(page);
      attacked = true;
      attackEventIndex = before - 1;
      // The event log must show the combat with its rule clause.
      await page.waitForSelector('[data-testid="event-log"] li[data-kind="combat"] [data-testid="rule"]', { timeout: 15_000 });
      const rule = await page.textContent('[data-testid="event-log"] li[data-kind="combat"] [data-testid="rule"]');
      log(`attack resolved; the log cites ${rule}`);
      continue;
    }
    if (has('resolve').length) {
      await page.click(`[data-testid="${has('resolve')[0].testid}"]`);
    } else if (has('add-attacker').length) {
      await clickUnit(page, has('add-attacker')[0].unit);
    } else if (has('target').length && (FULL || !attacked)) {
      const t = has('target')[0];
      await clickUnit(page, t.unit);
      log(`attacking ${t.unit}`);
    } else if (has('activate').length) {
      movesThisActivation = 0;
      await page.click(`[data-testid="${has('activate')[0].testid}"]`);
    } else if (has('destination').length) {
      // Click the highlighted hex nearest the enemy (not the unit's own hex if it can go elsewhere).
      const enemies = await counterCentres(page, 'side-1');
      const dests = [];
      for (const d of has('destination')) {
        const c = await boxCentre(page, `[data-testid="dest-${d.hex}"]`);
        if (c) dests.push({ ...d, ...c, stay: /stay in place/i.test(d.name) });
      }
      if (dests.length === 0) fail('destinations are offered but none is highlighted on the map.');
      const goes = dests.filter((d) => !d.stay);
      const pool = goes.length ? goes : dests;
      pool.sort((a, b) => nearest(a, enemies) - nearest(b, enemies));
      await page.mouse.click(pool[0].x, pool[0].y);
      await settle(page);
      if (await page.$('[data-testid="choice"] [data-choice]')) await page.click('[data-testid="choice"] [data-choice]');
      if (!pool[0].stay) moved = true;
      movesThisActivation++;
    } else if (has('select-unit').length && movesThisActivation < 4 && (FULL || !(moved && attacked))) {
      // Move the unit nearest the enemy.
      const enemies = await counterCentres(page, 'side-1');
      const mine = await counterCentres(page, 'side-0');
      const selectable = new Set(has('select-unit').map((a) => a.unit));
      const cands = mine.filter((m) => selectable.has(m.id)).sort((a, b) => nearest(a, enemies) - nearest(b, enemies));
      await clickUnit(page, (cands[0] ?? { id: has('select-unit')[0].unit }).id);
    } else {
      const pass = [...has('end-movement'), ...has('end-combat'), ...has('decline'), ...has('replacement')][0] ?? acts[0];
      await page.click(`[data-testid="${pass.testid}"]`);
    }
    await settle(page);
  }

  if (!sawOdds) fail('the attack was made without its odds being shown.');
  if (!FULL) await shoot(page, shot);
  if (FULL) {
    await page.waitForSelector('[data-testid="end-screen"]');
    const headline = await page.textContent('[data-testid="end-headline"]');
    const reason = (await page.textContent('[data-testid="end-reason"]').catch(() => '')) || '';
    log(`the battle is over: ${headline} ${reason}`);
    const endShot = path.join(path.dirname(shot), 'end.png');
    await screenshotAt(page, endShot);
    await screenshotAt(page, path.join(path.dirname(shot), 'end-large.png'), LARGE, SMALL);
    await page.click('[data-testid="end-replay"]');
    const slider = await page.$('[data-testid="replay-slider"]');
    const box = await slider.boundingBox();
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.waitForFunction(() => /After decision/.test(document.querySelector('[data-testid="replay-label"]')?.textContent || ''));
    await sleep(800);
    const turn = await page.textContent('[data-testid="turn"]');
    await screenshotAt(page, path.join(path.dirname(shot), 'replay.png'));
    log(`replay slider at 30%: ${turn}; screenshots ${endShot} and replay.png`);
  }
  if (pageErrors.length) fail(`the page threw an error: ${pageErrors[0]}`);
  log(`passed: moved a unit, attacked with the odds shown, the AI answered${FULL ? ', played to the end, replayed' : ''} (${clicks} clicks)`);
}

async function shoot(page, shot) {
  // A quiet board for the picture: wait until it is our turn again or the game is over.
  for (let i = 0; i < 50; i++) {
    if ((await decisions(page)).length || (await page.$('[data-testid="end-screen"]'))) break;
    await sleep(200);
  }
  await screenshotAt(page, shot);
  const large = shot.replace(/(\.png)?$/, '-large.png');
  await screenshotAt(page, large, LARGE, SMALL);
  log(`screenshots saved to ${shot} (${SMALL.width}x${SMALL.height}) and ${large} (${LARGE.width}x${LARGE.height})`);
}

await harness.main(run);
