// The online page (web/online.html) against `agame serve`, in headless Chromium: two people sign
// up in two browser contexts and play a whole game through the server while a third context
// watches without an account; chat shows markup as text. Screenshots go to target/web-e2e/.
// Needs an agame built with the serve feature: AGAME_SERVE_BIN=target/debug/agame (skipped
// with a notice without it).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("../../", import.meta.url));
const out = process.env.E2E_OUT ?? `${root}target/web-e2e`;
const bin = process.env.AGAME_SERVE_BIN;
const WAIT = 30_000;

let server;
let browser;
let base;
let data;

before(async () => {
  if (!bin) return;
  mkdirSync(out, { recursive: true });
  data = mkdtempSync(join(tmpdir(), "agame-online-"));
  server = spawn(bin, ["serve", "--port", "0", "--data", data, "--web", root], { stdio: ["ignore", "pipe", "inherit"] });
  const first = await Promise.race([
    new Promise((resolve) => createInterface({ input: server.stdout }).once("line", resolve)),
    new Promise((_, reject) => setTimeout(() => reject(new Error("agame serve did not start")), WAIT)),
  ]);
  base = first.match(/http:\/\/[^/ ]+/)[0];
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
});

after(async () => {
  await browser?.close();
  server?.kill("SIGKILL");
  if (data) rmSync(data, { recursive: true, force: true });
});

/** A page in a fresh context (its own cookies), failing the test on any page error. */
async function open(t, path = "/") {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(`${m.text()} ${m.location().url}`));
  t.after(() => assert.deepEqual(problems, [], "the page reported errors"));
  await page.goto(`${base}${path}`);
  return page;
}

async function signUp(page, name) {
  await page.fill("#name", name);
  await page.fill("#password", "password-1");
  await page.click("#sign-up");
  await page.locator(`#who[data-name="${name}"]`).waitFor({ timeout: WAIT });
}

const ply = (page) => page.locator("#game-status").getAttribute("data-ply").then(Number);

test("two people play a whole game through the server while a third watches", { skip: !bin && "AGAME_SERVE_BIN is not set" }, async (t) => {
  const alice = await open(t);
  const bob = await open(t);
  await signUp(alice, "alice");
  await signUp(bob, "bob");

  // Alice challenges: Pikemen, a move limit of 10 so that the game ends, a live clock.
  await alice.selectOption("#c-game", "pikemen");
  await alice.fill("#c-max-plies", "10");
  await alice.click("#c-create");
  await alice.locator('#game-status[data-status="open"]').waitFor({ timeout: WAIT });
  const id = Number(new URLSearchParams((await alice.evaluate(() => location.hash)).slice(1)).get("game"));
  assert.ok(id > 0);

  // Bob finds it in the lobby and joins; a visitor without an account watches.
  await bob.locator(`#lobby-open li[data-game="${id}"] button.join`).click({ timeout: WAIT });
  await bob.locator('#game-status[data-status="active"]').waitFor({ timeout: WAIT });
  const watcher = await open(t, `/#game=${id}`);
  await watcher.locator('#game-status[data-status="active"]').waitFor({ timeout: WAIT });
  assert.equal(await watcher.locator("#online-play").isDisabled(), true, "a watcher cannot move");

  // They play the first legal move in turn until the game ends (at most 10 moves).
  for (let n = 0; n < 10; n++) {
    const done = await alice.locator("#game-status").getAttribute("data-status");
    if (done === "finished") break;
    const mover = (await alice.locator("#online-play").isEnabled()) ? alice : bob;
    await mover.locator("#online-play:enabled").waitFor({ timeout: WAIT });
    const before = await ply(mover);
    await mover.click("#online-play");
    for (const page of [alice, bob, watcher]) {
      await page.locator(`#game-status[data-ply="${before + 1}"]`).waitFor({ timeout: WAIT });
    }
    if (n === 3) await watcher.screenshot({ path: `${out}/online-watcher.png`, fullPage: true });
  }
  for (const page of [alice, bob, watcher]) {
    await page.locator('#game-status[data-status="finished"]').waitFor({ timeout: WAIT });
    assert.match(await page.locator("#game-status").textContent(), /^Over: a draw \(move limit reached\)/);
    assert.equal(await page.locator("#online-moves li").count(), 10);
  }

  // Chat: markup is shown as text, never run.
  const nasty = '<img src=x onerror="window.pwned=1"><b>bold</b>';
  await alice.fill("#chat-text", nasty);
  await alice.press("#chat-text", "Enter");
  await watcher.locator("#chat .text").first().waitFor({ timeout: WAIT });
  assert.equal(await watcher.locator("#chat .text").first().textContent(), nasty);
  assert.equal(await watcher.locator("#chat img, #chat b").count(), 0);
  assert.equal(await watcher.evaluate(() => window.pwned), undefined);

  // The finished game is in the archive with its record; the replay bar steps back.
  await alice.locator(`#archive li[data-game="${id}"]`).waitFor({ timeout: WAIT });
  await alice.locator("#replay-ply").fill("4");
  assert.equal(await alice.locator("#replay-at").textContent(), "4 of 10");
  const record = await alice.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), id);
  assert.equal(record.split("\n").filter((l) => l && !l.startsWith("#")).length, 10);

  await alice.screenshot({ path: `${out}/online-alice.png`, fullPage: true });
  await bob.screenshot({ path: `${out}/online-bob.png`, fullPage: true });
  await watcher.screenshot({ path: `${out}/online-end.png`, fullPage: true });
});
