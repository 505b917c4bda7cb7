#!/usr/bin/env node
// End-to-end test of the top-down table board (ohw), driving Debian's chromium.
//
//   node tests/e2e/table.mjs CARROCCIO_BINARY WEB_DIST_DIR [SCREENSHOT_PATH]
//
// Through the UI only: creates an ohw/s1 game (blue: a person, red: the random agent), checks
// the table draws its cloth, terrain, road and every unit on the table; picks a knight and sees
// its front arc, the ghosts of its candidate moves and the shaded reach; drags it to a point off
// the candidate grid (free placement) and checks the server moved it there; picks another and
// clicks a ghost dot, checking the unit stands where that candidate said; drags an unpicked one
// out of its reach (refused: said why, put back unpicked); ends movement and waits
// for the agent to play its turn. Then a fastplay game (mill, the besiegers a person against the
// random agent): plays the first offered decision until one names a stand (the archery of turn 1
// costs the besiegers stands), checks that stand is ringed on the table and marked when its
// button is pointed at, and takes the decision by clicking the stand. Saves table-selected.png,
// table.png (1366x768), table-large.png (1920x1080) and table-stand.png beside SCREENSHOT_PATH
// (default build/e2e/table.png). Exits 0 on success; on failure prints one sentence and exits 1.

import path from 'node:path';
import { checkToastBeside, clickDecision, clickStand, decisionButtons, dragOnBoard, fail, Harness, LARGE, lobbyCreate, log as say, namesStand, pickDecision, ROOT, screenOf, screenshotAt, seatTokens, SMALL, sleep } from './lib.mjs';

const [binaryArg, distArg, shotArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const MAX_POLLS = 3000; // bounds instead of a clock: the machine may be slow
const MAX_CLICKS_TO_STAND = 400; // decisions the fastplay person may make before one names a stand
const log = (msg) => say('e2e_table', msg);
const harness = new Harness('e2e_table');

async function settle(page) {
  await page.waitForFunction(() => !document.body.classList.contains('posting'), null, { timeout: 20_000 });
  await sleep(80);
}

/** Blue's seat tokens, as the browser that created the game keeps them. */
let blueTokens = [];

/** The game as blue sees it (a side's view of a running game needs its seat). */
async function view(id) {
  return harness.getJson(`/api/games/${encodeURIComponent(id)}?viewer=blue`, blueTokens);
}

async function waitForHistory(id, after) {
  for (let i = 0; i < MAX_POLLS; i++) {
    const v = await view(id);
    if (v.history_length > after) return v;
    await sleep(50);
  }
  fail(`the game did not move on from ${after} decisions.`);
}

async function pickUnit(page, unitId) {
  await page.click(`[data-testid="unit-${unitId}"] .tunit-base`);
  await page.waitForSelector(`[data-testid="unit-${unitId}"].selected`);
  await page.waitForSelector('[data-testid="front-arc"]');
  await page.waitForSelector('[data-testid^="ghost-"]');
  await page.waitForSelector('[data-testid="reach"]');
  await settle(page);
}

async function run() {
  const shot = path.resolve(shotArg || process.env.CARROCCIO_E2E_SCREENSHOT || path.join(ROOT, 'build', 'e2e', 'table.png'));
  const dir = path.dirname(shot);
  await harness.start(binaryArg, distArg);
  const page = await harness.browser(SMALL);

  const id = await lobbyCreate(page, harness.base, 'ohw', 's1', { blue: 'human', red: 'random' }, 5);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  log(`game ${id} created`);
  blueTokens = await seatTokens(page, id);
  if (blueTokens.length === 0) fail('the browser kept no seat token for the game it created.');

  // The table: cloth, terrain, road, every unit on the table (the red knights arrive later).
  let v = await view(id);
  for (const sel of ['table-cloth', 'terrain-wood', 'terrain-wagon', 'terrain-legnano', 'road-road'])
    if (!(await page.$(`[data-testid="${sel}"]`))) fail(`the table does not draw ${sel}.`);
  const onTable = v.state.units.filter((u) => u.on_table).map((u) => u.id);
  const drawn = await page.$$eval('[data-testid="board"] g.tunit', (gs) => gs.map((g) => g.getAttribute('data-unit')));
  if (drawn.sort().join(',') !== onTable.sort().join(',')) fail(`the table draws units ${drawn.join(', ')} but ${onTable.join(', ')} are on it.`);
  const ringed = await page.$$eval('[data-testid="board"] g.tunit.hl-select', (gs) => gs.map((g) => g.getAttribute('data-unit')));
  if (!ringed.includes('b2')) fail(`the blue knight b2 is not offered to move (ringed: ${ringed.join(', ')}).`);
  const hits = await page.textContent('[data-testid="hits-b2"]');
  if (!/0 hits/.test(hits || '')) fail(`unit b2 shows "${hits}" instead of its hits.`);

  // Pick b2: front arc, ghosts, reach.
  await pickUnit(page, 'b2');
  await screenshotAt(page, path.join(dir, 'table-selected.png'));
  v = await view(id);
  const ghostCount = (await page.$$('[data-testid^="ghost-"]')).length;
  log(`b2 picked: ${ghostCount} ghost spots, ${v.legal.length} decisions`);
  if (ghostCount < 5) fail(`only ${ghostCount} candidate destinations are drawn for the knight b2.`);

  // Free placement: drag b2 to 4.5" straight ahead (south), off the 3" candidate grid.
  const b2 = v.state.units.find((u) => u.id === 'b2');
  const from = await screenOf(page, b2.x, b2.y);
  const target = { x: b2.x, y: b2.y - 450 };
  const to = await screenOf(page, target.x, target.y);
  const before = v.history_length;
  await dragOnBoard(page, from, to, { steps: 8 });
  v = await waitForHistory(id, before);
  await settle(page);
  const moved = v.state.units.find((u) => u.id === 'b2');
  const off = Math.hypot(moved.x - target.x, moved.y - target.y);
  if (off > 30) fail(`b2 was dropped at (${target.x}, ${target.y}) but stands at (${moved.x}, ${moved.y}).`);
  if (moved.heading_arcsec !== b2.heading_arcsec) fail(`b2 turned from ${b2.heading_arcsec} to ${moved.heading_arcsec} arc-seconds on a straight drop.`);
  log(`b2 placed freely at (${moved.x}, ${moved.y})`);
  const placed = (await harness.getJson(`/api/games/${encodeURIComponent(id)}/record`)).actions.slice(-1)[0];
  if (!placed || placed[1] < 100000) fail(`the drop was not recorded as a free placement (last action ${JSON.stringify(placed)}).`);

  // A ghost: pick b4 and click the dot of a candidate move (the one furthest ahead).
  await pickUnit(page, 'b4');
  v = await view(id);
  const moves = v.legal.filter((a) => a.kind === 'move' && Array.isArray(a.corners));
  const dots = await page.$$eval('[data-testid^="ghost-"]', (ds) => ds.map((d) => ({ ids: d.getAttribute('data-ghosts').split(',').map(Number), testid: d.getAttribute('data-testid') })));
  const groups = dots.filter((d) => d.ids.every((i) => moves.some((m) => m.id === i)));
  if (groups.length === 0) fail('no candidate move of b4 has a dot to click.');
  const yOf = (d) => moves.find((m) => m.id === d.ids[0]).y;
  groups.sort((a, b) => yOf(a) - yOf(b));
  const spot = groups[0];
  const heading = v.state.units.find((u) => u.id === 'b4').heading_arcsec;
  const chosen = moves.find((m) => spot.ids.includes(m.id) && (spot.ids.length === 1 || m.heading_arcsec === heading));
  if (!chosen) fail(`the ghost spot ${spot.testid} offers no move keeping b4's facing.`);
  const before2 = v.history_length;
  await page.click(`[data-testid="${spot.testid}"]`);
  if (spot.ids.length > 1) {
    // Several facings at that spot: the board offers one arrow each.
    await page.waitForSelector('[data-testid="choice"] [data-choice]');
    await page.click(`[data-testid="choice"] [data-choice="${chosen.id}"]`);
  }
  v = await waitForHistory(id, before2);
  await settle(page);
  const b4 = v.state.units.find((u) => u.id === 'b4');
  if (b4.x !== chosen.x || b4.y !== chosen.y) fail(`b4 went to (${b4.x}, ${b4.y}), not to the ghost clicked at (${chosen.x}, ${chosen.y}).`);
  log(`b4 moved by its ghost to (${b4.x}, ${b4.y})`);

  // A refused drop of a unit the drag picked up says why and puts it back unpicked: b3.
  v = await view(id);
  const b3 = v.state.units.find((u) => u.id === 'b3');
  const f3 = await screenOf(page, b3.x, b3.y);
  const t3 = await screenOf(page, b3.x, b3.y - 2000);
  await dragOnBoard(page, f3, t3, { steps: 6, until: '[data-testid="drag-base"].refused' });
  let back = await view(id);
  for (let i = 0; i < MAX_POLLS && (back.history_length !== v.history_length || back.state.selected); i++) back = (await sleep(50), await view(id));
  if (back.history_length !== v.history_length || back.state.selected) fail(`a refused drop left b3 picked (decision ${back.history_length}, selected "${back.state.selected}").`);
  await settle(page);
  if (!/cannot go there/.test(await checkToastBeside(page, 'the refused drop of b3'))) fail('a refused drop of b3 did not say why.');
  log('a refused drop of b3 said why and put it back unpicked');
  await sleep(500); // a click just after a drag is taken as the drag's end

  // A refused drop says why and changes nothing: drag b1 far beyond its reach.
  await pickUnit(page, 'b1');
  v = await view(id);
  const b1 = v.state.units.find((u) => u.id === 'b1');
  const f1 = await screenOf(page, b1.x, b1.y);
  const t1 = await screenOf(page, b1.x, b1.y - 2000);
  await dragOnBoard(page, f1, t1, { steps: 6, until: '[data-testid="drag-base"].refused' });
  await sleep(300);
  const after = await view(id);
  if (after.history_length !== v.history_length) fail('a drop beyond the reach was applied.');
  const said = await checkToastBeside(page, 'the refused drop of b1');
  if (!/cannot go there/.test(said)) fail(`a refused drop says "${said}" instead of why.`);
  log(`the refused drop of b1 is said beside the board, not over it: "${said}"`);

  await screenshotAt(page, shot);

  // Hold b1 by clicking it, end movement, let the agent play, and see our next turn drawn.
  await page.click('[data-testid="unit-b1"] .tunit-base');
  v = await waitForHistory(id, v.history_length);
  await settle(page);
  const end = v.legal.find((a) => a.kind === 'end-movement');
  if (!end) fail('there is no end-movement decision after the moves.');
  await page.click(`[data-testid="action-${end.id}"]`);
  for (let i = 0; i < MAX_POLLS; i++) {
    v = await view(id);
    if (v.terminal || (v.current_player === 'blue' && v.state.turn === 2 && v.legal.length > 0)) break;
    await sleep(100);
  }
  if (!(v.current_player === 'blue' && v.state.turn === 2)) fail(`the agent's turn did not come back to blue (now ${v.status_line}).`);
  await page.waitForFunction((h) => document.querySelector('[data-testid="board"]') && !document.body.classList.contains('posting'), v.history_length);
  await sleep(800);
  const redMoved = v.state.units.filter((u) => u.side === 'red' && u.on_table);
  for (const r of redMoved) {
    const want = r.corners.map(([x, y]) => [x, v.state.table.height - y]);
    // The page draws the position it polls for (a loaded machine may take a few polls more).
    let pts = '';
    for (let i = 0; i < MAX_POLLS; i++) {
      pts = await page.$eval(`[data-testid="unit-${r.id}"] .tunit-base`, (p) => p.getAttribute('points'));
      const got = pts.split(' ').map((s) => s.split(',').map(Number));
      if (!got.some((p, k) => Math.abs(p[0] - want[k][0]) > 0.5 || Math.abs(p[1] - want[k][1]) > 0.5)) break;
      pts = `${pts}!`;
      await sleep(100);
    }
    if (pts.endsWith('!')) fail(`unit ${r.id} is drawn at ${pts.slice(0, -1)} but stands at ${JSON.stringify(r.corners)}.`);
  }
  log(`turn 2: the red agent played; ${redMoved.length} red units drawn where they stand`);
  await screenshotAt(page, path.join(dir, 'table-large.png'), LARGE, SMALL);
  if (harness.pageErrors.length) fail(`the page threw: ${harness.pageErrors[0]}`);
  await standDecision(page, path.join(dir, 'table-stand.png'));
  if (harness.pageErrors.length) fail(`the page threw: ${harness.pageErrors[0]}`);
  log(`screenshots in ${dir}`);
}

/** fastplay: a decision about one stand is taken by clicking the stand ringed on the table. */
async function standDecision(page, shot) {
  const id = await lobbyCreate(page, harness.base, 'fastplay', 'mill', { attack: 'human', hold: 'random' }, 3);
  await page.waitForSelector('[data-testid="board"] g.tunit');
  let clicks = 0;
  let idle = 0;
  for (;;) {
    if (await page.$('[data-testid="end-screen"]')) fail('the fastplay game ended before the person was asked to pick a stand.');
    const buttons = await decisionButtons(page);
    if (buttons.length === 0) {
      if (++idle > MAX_POLLS) fail(`no decision was offered to the fastplay person for ${MAX_POLLS} looks.`);
      await sleep(50);
      continue;
    }
    idle = 0;
    const stand = buttons.find(namesStand);
    if (stand) {
      await clickStand(page, harness, id, stand, shot);
      log(`fastplay: "${stand.name}" taken by clicking the ringed stand, after ${clicks} other decisions`);
      return;
    }
    if (++clicks > MAX_CLICKS_TO_STAND) fail(`no decision naming a stand came in ${MAX_CLICKS_TO_STAND} decisions of the fastplay person.`);
    await clickDecision(page, pickDecision(buttons));
  }
}

harness.main(run);
