#!/usr/bin/env node
// Plays one whole game of a ruleset's scenario in the browser by clicks, to the end screen (the
// opt-in long tests e2e_full_<ruleset>_<scenario>, registered with -DCARROCCIO_LONG_TESTS=ON).
//
//   node tests/e2e/full_game.mjs CARROCCIO_BINARY WEB_DIST_DIR RULESET SCENARIO [SCREENSHOT_PATH]
//
// Through the lobby it creates the game with the first side played by a person (these clicks)
// and every other side by the random agent (CARROCCIO_E2E_AGENT to change it, seed
// CARROCCIO_E2E_SEED, default 3). The person plays cheaply but for real: at each decision it
// clicks the first offered button that does something (select a unit, move, charge, shoot,
// attack, ...), and only when none is offered one that lets the game go on (end a phase, pass,
// decline, hold). A decision about one stand (fastplay: the stand a side loses, the enemy stand
// struck) is taken on the board instead: the stand must be ringed there, pointing at its button
// must mark it, and clicking the stand must apply the decision (the first such board is saved
// as ...-stand.png). It then checks the end screen (headline, reason, the scores under the
// ruleset's own label), saves it at 1366x768 (SCREENSHOT_PATH, default
// build/e2e/full/RULESET-SCENARIO.png) and 1920x1080 (...-large.png), and prints how many
// clicks, decisions and seconds the game took. The bounds are counts, not a clock: decisions
// clicked, and polls in a row in which the game did not move on. Exits 0 on success; on
// failure prints one sentence and exits 1. The server is always stopped.

import path from 'node:path';
import { checkReplayListsAtEnd, clickDecision, clickStand, decisionButtons, fail, Harness, isForward, LARGE, log as say, namesStand, pickDecision, ROOT, screenshotAt, sleep, SMALL } from './lib.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [binaryArg, distArg, ruleset, scenario, shotArg] = positional;
const AGENT = process.env.CARROCCIO_E2E_AGENT || 'random';
const SEED = Number(process.env.CARROCCIO_E2E_SEED || 3);
const name = `e2e_full_${ruleset || 'RULESET'}_${scenario || 'SCENARIO'}`;
const log = (msg) => say(name, msg);
const harness = new Harness(name);

const MAX_CLICKS = 20_000;
const POLL_MS = 50; // how long the test waits between looks while the person has nothing to do
const MAX_STALLED_POLLS = 6000; // looks (POLL_MS apart) in a row with no decision offered and no move on the server

async function run() {
  if (!binaryArg || !distArg || !ruleset || !scenario)
    fail('usage: node tests/e2e/full_game.mjs CARROCCIO_BINARY WEB_DIST_DIR RULESET SCENARIO [SCREENSHOT_PATH].');
  const shot = path.resolve(shotArg || path.join(ROOT, 'build', 'e2e', 'full', `${ruleset}-${scenario}.png`));
  await harness.start(binaryArg, distArg);
  const rulesets = await harness.getJson('/api/rulesets');
  const known = (Array.isArray(rulesets) ? rulesets : rulesets.rulesets ?? []).find((r) => r.id === ruleset);
  if (!known) fail(`the server knows no ruleset "${ruleset}".`);
  if (!(known.scenarios ?? []).some((s) => (s.id ?? s) === scenario)) fail(`the ruleset ${ruleset} has no scenario "${scenario}".`);
  const sc = await harness.getJson(`/api/rulesets/${ruleset}/scenarios/${scenario}`);
  const sides = (sc.sides ?? []).map((s) => s.id);
  if (sides.length < 2) fail(`the scenario ${ruleset}/${scenario} has ${sides.length} sides; a game needs two.`);
  const page = await harness.browser(SMALL);

  // The lobby: the ruleset, the scenario, the first side a person, the others the agent.
  await page.goto(harness.base + '/');
  await page.waitForSelector('[data-testid="create-game"]');
  await page.selectOption('[data-testid="lobby-ruleset"]', ruleset);
  await page.waitForSelector(`[data-testid="lobby-scenario"] option[value="${scenario}"]`, { state: 'attached' });
  await page.selectOption('[data-testid="lobby-scenario"]', scenario);
  for (const s of sides) await page.waitForSelector(`[data-testid="player-${s}"]`);
  await page.selectOption(`[data-testid="player-${sides[0]}"]`, 'human');
  for (const s of sides.slice(1)) {
    const offered = await page.$$eval(`[data-testid="player-${s}"] option`, (os) => os.map((o) => o.value));
    if (!offered.includes(AGENT)) fail(`the lobby does not offer the agent "${AGENT}" for ${s} (it offers ${offered.join(', ')}).`);
    await page.selectOption(`[data-testid="player-${s}"]`, AGENT);
  }
  await page.fill('[data-testid="lobby-seed"]', String(SEED));
  const t0 = Date.now();
  await page.click('[data-testid="create-game"]');
  await page.waitForSelector('[data-testid="board"]');
  const gameId = decodeURIComponent(/#\/game\/([^?]+)/.exec(page.url())?.[1] ?? '');
  if (!gameId) fail(`creating the game did not open it (the page is at ${page.url()}).`);
  log(`game ${gameId}: ${ruleset}/${scenario}, ${sides[0]} the person, ${sides.slice(1).join(', ')} ${AGENT}, seed ${SEED}`);

  let clicks = 0;
  let active = 0; // decisions that did something (not only moved the game on)
  let stalled = 0;
  let standClicks = 0; // decisions about one stand, taken on the board
  let lastHistory = -1;
  const kinds = new Map();
  for (;;) {
    if (harness.pageErrors.length) fail(`the page threw an error: ${harness.pageErrors[0]}`);
    if (await page.$('[data-testid="end-screen"]')) break;
    const buttons = await decisionButtons(page);
    if (buttons.length === 0) {
      // The agent plays or the dice roll; the page polls. Stalled only while the game stands still.
      const { history_length: n, terminal } = await harness.getJson(`/api/games/${encodeURIComponent(gameId)}`);
      if (n !== lastHistory || terminal) {
        lastHistory = n;
        stalled = 0;
      } else if (++stalled > MAX_STALLED_POLLS) {
        fail(`the game stood still at decision ${n} for ${MAX_STALLED_POLLS} polls with no decision offered to the person (${clicks} clicks made).`);
      }
      await sleep(POLL_MS);
      continue;
    }
    stalled = 0;
    if (clicks >= MAX_CLICKS) fail(`the game did not end within ${MAX_CLICKS} clicks.`);
    const b = pickDecision(buttons);
    if (namesStand(b)) {
      await clickStand(page, harness, gameId, b, standClicks === 0 ? shot.replace(/(\.png)?$/, '-stand.png') : null);
      standClicks++;
    } else {
      await clickDecision(page, b);
    }
    clicks++;
    if (!isForward(b.kind)) active++;
    kinds.set(b.kind, (kinds.get(b.kind) ?? 0) + 1);
    if (clicks % 100 === 0) log(`${clicks} clicks (${active} doing something)`);
  }
  const seconds = (Date.now() - t0) / 1000;

  // The end screen: who won, why, and the scores under the ruleset's label.
  const view = await harness.getJson(`/api/games/${encodeURIComponent(gameId)}`);
  if (!view.terminal) fail('the end screen is shown but the server says the game is not over.');
  const headline = ((await page.textContent('[data-testid="end-headline"]')) || '').trim();
  const reason = ((await page.textContent('[data-testid="end-reason"]').catch(() => '')) || '').trim();
  if (!headline) fail('the end screen has no headline.');
  if (/\bthe the\b/i.test(headline)) fail(`the end screen's headline doubles the article: "${headline}".`);
  const label = view.result?.score_label;
  if (label) {
    const shown = ((await page.textContent('[data-testid="end-score-label"]').catch(() => '')) || '').trim();
    if (shown !== label) fail(`the end screen labels the scores "${shown}" but the result calls them "${label}".`);
  }
  if (active === 0) fail('the person only ever passed: no decision that does something was offered or clicked.');
  await sleep(400);
  await screenshotAt(page, shot);
  const large = shot.replace(/(\.png)?$/, '-large.png');
  await screenshotAt(page, large, LARGE, SMALL);
  // The replay's turn and phase lists show the last position's (issue 20).
  log(`the replay at the end shows ${await checkReplayListsAtEnd(page, harness, gameId, `${ruleset}/${scenario}`)}`);
  if (harness.pageErrors.length) fail(`the page threw an error: ${harness.pageErrors[0]}`);
  const made = [...kinds.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
  log(`end screen: "${headline}" ${reason}`);
  log(
    `passed: ${ruleset}/${scenario} played to the end in ${seconds.toFixed(1)} s: ${view.history_length} decisions in all, ` +
      `${clicks} clicks by the person (${made}; ${standClicks} of them on a ringed stand); screenshots ${shot} and ${path.basename(large)}`,
  );
}

await harness.main(run);
