// The page in headless Chromium (Debian's package), driven by playwright-core: for each game,
// moves played by clicking the SVG board, the bot's answers, undo, and a finished game from a
// near-end position. Needs crates/agame-wasm/pkg (crates/agame-wasm/build.sh).
// Run: cd web/tests && npm ci && npm test   (screenshots go to target/web-e2e/)
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";
import { placesOf } from "../clicks.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const out = process.env.E2E_OUT ?? `${root}target/web-e2e`;
// A small bot budget keeps the tests quick; the page's default thinks for a second.
const BOT = "mcts:iters=300:seed=1";

let server;
let browser;
let base;

before(async () => {
  mkdirSync(out, { recursive: true });
  server = await serve(root);
  base = `http://127.0.0.1:${server.address().port}/web/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page on `query`, failing the test on any error the page throws or logs. */
async function open(t, query) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(`${m.text()} ${m.location().url}`));
  t.after(() => assert.deepEqual(problems, [], "the page reported errors"));
  await page.goto(`${base}?${new URLSearchParams({ bot: BOT, ...query })}`);
  await page.locator("#status[data-state]").waitFor();
  return page;
}

const legal = (page) => page.locator("#legal-list option").evaluateAll((os) => os.map((o) => o.value));
const played = (page) => page.locator("#moves li").allTextContents();
const status = (page) => page.locator("#status").textContent();

/** Clicks the middle of place `name` (a GIPF dot or spot, or a square) as a person does: the
 * event goes to whatever is drawn on top there. (GIPF arrows carry both a dot and a spot.) */
async function clickPlace(page, name) {
  const el = page
    .locator(
      `#board [data-dot="${name}"]:not([data-spot]), #board [data-square="${name}"], #board [data-spot="${name}"]:not([data-dot])`,
    )
    .first();
  const box = await el.boundingBox();
  assert.ok(box, `no place ${name} on the board`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Plays `move` as a person does: its places clicked in order, then its button if asked. */
async function clickMove(page, move) {
  const before = (await played(page)).length;
  for (const p of placesOf(move)) {
    if ((await played(page)).length > before) break;
    await clickPlace(page, p);
  }
  if ((await played(page)).length === before) {
    await page.locator(`#choices button[data-move="${move}"]`).click();
  }
  assert.equal((await played(page))[before], move);
}

/** Waits until the page hands the turn to a person again, or the game ends. */
async function humanTurn(page) {
  await page.locator('#status[data-state="human"], #status[data-state="over"]').waitFor({ timeout: 60_000 });
}

// [game, near-end position (player 1 to move), the move that ends it, why it ends]
const GAMES = [
  [
    "pikemen",
    "5S1N2/1M1W6/1L1SW5M1E/1L2SW4S2NWL1N/2M2W5/5S2UL2S1/S2W3L2S1M1NW1/L2S4M2SL1NEL1W 1 11,11 12 @ 464/1000",
    "g2xf3",
    "target reached",
  ],
  [
    "gipf",
    "standard W:d2,Ge3,Ge7,e8,f5,Gg3,g6,h3,h4 B:b2,b4,c2,c3,c6,d3,Gd4,d6,Gd7,e6,f3,Gf4,f6,f7,h5 R:6/0 C:0/0 push:w",
    "a1-b2",
    "the other player has no piece left to push",
  ],
  [
    "epaminondas",
    "............../............../............../............../............../............../............../............../2............./............../1.....11....../1.....11...... 1 mirror:on stones:off @ 40/1000",
    "a1xa4",
    "the other player has no legal move",
  ],
];

describe("the page", () => {
  for (const [name, nearEnd, lastMove, why] of GAMES) {
    test(`${name}: clicks, the bot's answers, undo, and a finished game`, async (t) => {
      const page = await open(t, { game: name });
      assert.match(await status(page), /^Player 1( \(White\))? to move/);

      // Two moves of player 1 by clicks; the bot (player 2) answers each.
      for (const pick of [0, 3]) {
        const moves = await legal(page);
        await clickMove(page, moves[pick % moves.length]);
        await humanTurn(page);
      }
      assert.ok((await played(page)).length >= 4, "the bot answered both moves");
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });

      // Undo takes back the bot's reply and the move before it.
      const history = await played(page);
      await page.locator("#undo").click();
      const rest = await played(page);
      assert.deepEqual(rest, history.slice(0, rest.length));
      assert.ok(rest.length < history.length && rest.length >= 1);
      assert.match(await status(page), /^Player 1( \(White\))? to move/);

      // A near-end position, loaded as position text; the last move ends the game.
      await page.locator("#position").fill(nearEnd);
      await page.locator("#new-game").click();
      assert.deepEqual(await played(page), []);
      await clickMove(page, lastMove);
      await page.locator('#status[data-state="over"]').waitFor();
      assert.match(await status(page), /^Game over: Player 1( \(White\))? wins — /);
      assert.ok((await status(page)).endsWith(` — ${why}.`), await status(page));
      assert.ok(await page.locator("#undo").isEnabled());
      await page.screenshot({ path: `${out}/${name}-over.png`, fullPage: true });
    });
  }

  test("gipf against the trained network of models/ (zero:model=gipf.safetensors)", async (t) => {
    const page = await open(t, { game: "gipf", bot: "zero:model=gipf.safetensors:sims=32" });
    for (const pick of [0, 2]) {
      const moves = await legal(page);
      await clickMove(page, moves[pick % moves.length]);
      await humanTurn(page);
    }
    assert.ok((await played(page)).length >= 4, "the network answered both moves");
    await page.screenshot({ path: `${out}/gipf-zero.png`, fullPage: true });
    // A network of other rules is refused in words, and the page goes on.
    await page.locator("#bot").fill("zero:model=pikemen.safetensors:sims=8");
    await clickMove(page, (await legal(page))[0]);
    await page.locator("#status").filter({ hasText: /could not move/ }).waitFor();
    assert.match(await status(page), /trained for pikemen, not gipf/);
  });

  test("gipf: the removal choice, asked when the player's row holds a GIPF-piece", async (t) => {
    // White's row b2-b5 ends in a GIPF-piece (b5): White takes it or keeps it.
    const position = "standard W:b2,b3,b4,Gb5,d4,Ge2,e8,Gg6 B:Gc3,d2,d3,Gd7,f7,Gh2,h5 R:7/8 C:0/0 rows:w";
    const page = await open(t, { game: "gipf", position });
    assert.match(await status(page), /^Player 1 \(White\): choose the row to remove/);
    assert.equal(await page.locator("#board .pending-row").count(), 1, "the row is marked");
    await clickPlace(page, "b3"); // in both choices: the page asks
    const buttons = page.locator("#choices button");
    assert.deepEqual(await buttons.allTextContents(), ["remove b2 b3 b4", "remove b2 b3 b4 b5"]);
    await buttons.first().click();
    assert.equal((await played(page))[0], "xb2,b3,b4");
    await humanTurn(page);
    assert.ok((await played(page)).length >= 2, "the bot pushed after the removal");
    assert.match(await page.locator("#scores").textContent(), /Player 1 \(White\): 0/);
    await page.locator("#undo").click();
    assert.deepEqual(await played(page), []);
    await clickPlace(page, "b5"); // only in one choice: played at once
    assert.deepEqual((await played(page))[0], "xb2,b3,b4,b5");
    await page.screenshot({ path: `${out}/gipf-removal.png`, fullPage: true });
  });

  test("epaminondas: a move with the keyboard alone (Tab, Enter), screen-reader names", async (t) => {
    const page = await open(t, { game: "epaminondas", board: "8x8" });
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return { name: el.getAttribute("aria-label") ?? el.querySelector(":scope > title")?.textContent ?? "", pressed: el.getAttribute("aria-pressed"), board: el.closest("#board") !== null };
      });
    // Tab from the top of the page to the first piece that can move.
    let now = await focused();
    for (let i = 0; i < 40 && !now.board; i++) {
      await page.keyboard.press("Tab");
      now = await focused();
    }
    assert.ok(now.board, "Tab reaches the board");
    assert.match(now.name, /^white piece on [a-h]\d/);
    await page.keyboard.press("Enter");
    now = await focused();
    assert.equal(now.pressed, "true", "the selected piece keeps the focus after the redraw");
    for (let i = 0; i < 80 && !now.name.includes("a target"); i++) {
      await page.keyboard.press("Tab");
      now = await focused();
    }
    assert.match(now.name, /^[a-h]\d: a target$/);
    await page.keyboard.press("Enter");
    assert.equal((await played(page)).length >= 1, true);
    await humanTurn(page);
    now = await focused();
    assert.ok(now.board, "after the bot's answer the focus is on the board again");
  });

  test("pikemen: typed moves, a wrong one refused, hint, save and load a record", async (t) => {
    const page = await open(t, { game: "pikemen", seats: "none" });
    await page.locator("#move-text").fill("a1-a9");
    await page.locator("#move-text").press("Enter");
    assert.notEqual(await page.locator("#move-error").textContent(), "");
    assert.deepEqual(await played(page), []);
    const first = (await legal(page))[0];
    await page.locator("#move-text").fill(first);
    await page.locator("#move-text").press("Enter");
    const second = (await legal(page))[1];
    await page.locator("#move-text").fill(second);
    await page.locator("#move-text").press("Enter");
    assert.deepEqual(await played(page), [first, second]);
    assert.equal(await page.locator("#move-error").textContent(), "");

    await page.locator("#hint").click();
    await page.locator("#hint-text", { hasText: "Hint: " }).waitFor({ timeout: 60_000 });
    const hinted = (await page.locator("#hint-text").textContent()).slice("Hint: ".length);
    assert.ok((await legal(page)).includes(hinted), `the hint ${hinted} is legal`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#save").click()]);
    const record = (await (await download.createReadStream()).toArray()).join("");
    assert.equal(record, `${first}\n${second}\n`);

    await page.locator("#new-game").click();
    assert.deepEqual(await played(page), []);
    await page.locator("#load").setInputFiles({ name: "game.moves", mimeType: "text/plain", buffer: Buffer.from(`# saved\n${record}`) });
    await page.locator("#moves li").nth(1).waitFor();
    assert.deepEqual(await played(page), [first, second]);
  });

  test("gipf tournament: a push asks whether to bring in a GIPF-piece", async (t) => {
    const page = await open(t, { game: "gipf", variant: "tournament" });
    await clickMove(page, "Ga1-b2"); // the first push must bring one: no question
    await humanTurn(page);
    const moves = await legal(page);
    const push = moves.find((m) => m.startsWith("G") && moves.includes(m.slice(1)));
    assert.ok(push, `a push with either piece among ${moves}`);
    const [dot, spot] = placesOf(push);
    const before = (await played(page)).length;
    await clickPlace(page, dot);
    await clickPlace(page, spot);
    const buttons = page.locator("#choices button");
    assert.deepEqual((await buttons.allTextContents()).sort(), [`${dot}-${spot}`, `${dot}-${spot} with a GIPF-piece`]);
    await page.locator(`#choices button[data-move="${push}"]`).click();
    assert.equal((await played(page))[before], push);
  });

  test("another game chosen after a position was loaded starts from its own start", async (t) => {
    const page = await open(t, { game: "pikemen", position: GAMES[0][1] });
    await page.locator("#game").selectOption("epaminondas");
    await page.locator("#new-game").click();
    assert.equal(await page.locator("#move-error").textContent(), "");
    assert.match(await status(page), /^Player 1 \(White\) to move/);
    assert.ok((await page.locator('#board [data-square="n12"]').count()) > 0, "the 14x12 board");
    assert.deepEqual(await played(page), []);
  });
  test("gipf: the board is as large as the others', its labels readable, the selected dot plain", async (t) => {
    // The height spanned by the places of each board, in pixels.
    const span = async (page, selector) => {
      const boxes = await page.locator(selector).evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom]),
      );
      return Math.max(...boxes.map((b) => b[1])) - Math.min(...boxes.map((b) => b[0]));
    };
    const epaminondas = await open(t, { game: "epaminondas" });
    const other = await span(epaminondas, "#board [data-square]");
    const page = await open(t, { game: "gipf" });
    const gipf = await span(page, "#board circle[data-dot]");
    assert.ok(gipf >= 0.95 * other, `GIPF ${gipf} px against Epaminondas ${other} px`);
    const label = await page.locator("#board .spot-name").first().boundingBox();
    assert.ok(label.height >= 13, `spot names ${label.height} px high`);
    await clickPlace(page, "a1");
    const ring = await page.locator('#board circle.dot.selected[data-dot="a1"]').evaluate((el) => {
      const style = getComputedStyle(el);
      return { r: el.getBoundingClientRect().width / 2, stroke: style.stroke };
    });
    assert.ok(ring.r >= 10, `the selected dot's radius ${ring.r} px`);
    assert.equal(ring.stroke, "rgb(213, 94, 0)");
    await page.screenshot({ path: `${out}/gipf-selected.png`, fullPage: true });
  });

  test("a how-to-play and rules panel for each game", async (t) => {
    const page = await open(t, { game: "pikemen" });
    const text = () => page.locator("#rules-text").textContent();
    assert.match(await text(), /How to play here[\s\S]*upright[\s\S]*12/);
    for (const [game, word] of [["gipf", "GIPF-piece"], ["epaminondas", "phalanx"]]) {
      await page.locator("#game").selectOption(game);
      await page.locator("#new-game").click();
      assert.match(await text(), new RegExp(`How to play here[\\s\\S]*${word}`));
    }
    assert.ok(await page.locator("#rules").isVisible());
  });

  test("pikemen: choosing a move leaves the move box where it is", async (t) => {
    // A position with lying pieces (at the start every piece stands upright: no charge).
    const page = await open(t, { game: "pikemen", position: GAMES[0][1] });
    const where = async () => (await page.locator("#move-text").boundingBox()).y;
    const start = await where();
    const moves = await legal(page);
    const charge = moves.find((m) => /^[a-h]\d-[a-h]\d\(/.test(m));
    const [from, to] = placesOf(charge);
    await clickPlace(page, from);
    assert.ok((await page.locator("#choices button").count()) >= 8, "the turns of the piece");
    assert.equal(await where(), start);
    await clickPlace(page, to);
    assert.equal(await page.locator("#choices button").count(), 9, "the states after the charge");
    assert.equal(await where(), start);
    await page.screenshot({ path: `${out}/pikemen-choices.png`, fullPage: true });
  });
});
