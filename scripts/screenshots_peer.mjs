// Peer instruction's screenshots (`node scripts/screenshots.mjs peer`): a class of eight votes
// on the DECnet lesson's step 2, discusses in groups and votes again. Writes a phone in round 2
// with its discussion group (docs/phone-round2.png), the projector's round shift after the
// reveal (docs/projector-round-shift.png) and the class report (docs/class-report.png); the
// report as printed goes to /tmp/peer-report-print.png.
import { join } from "node:path";
import { ROOT } from "../bench/lib.mjs";

export async function peerShots(browser, base) {
  // Peer instruction: a class of eight votes on step 2, discusses in groups, votes again.
  const room = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  room.on("dialog", (d) => d.accept());
  await room.goto(`${base}/learn/decnet-link-quota/1?present=1`);
  await room.getByTestId("start-class").click();
  const roomCode = (await room.getByTestId("class-code").textContent()).trim();
  const peers = [];
  for (const name of ["Ann", "Bo", "Cy", "Di", "", "Ed", "Flo", ""]) {
    const p = await (await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })).newPage();
    await p.goto(`${base}/c/${roomCode}`);
    await p.getByTestId("student-name").fill(name);
    await p.getByTestId("join").tap();
    await p.getByTestId("seat").waitFor();
    peers.push(p);
  }
  await room.locator("h1").click();
  await room.keyboard.press("ArrowRight");
  const vote = async (values, sure) => {
    for (const [i, p] of peers.entries()) {
      await p.locator("[data-step='2'] [data-testid=typed-prediction]").waitFor();
      await p.getByTestId("typed-prediction").fill(String(values[i] * 1000));
      await p.getByRole("button", { name: /Send my/ }).tap();
      await p.getByText("Sent.").waitFor();
      await p.getByTestId(`confidence-${sure[i]}`).tap();
      await p.locator(`[data-testid=seat][data-sure='${sure[i]}']`).waitFor();
    }
  };
  await vote([60, 90, 130, 160, 250, 400, 120, 600], [1, 2, 3, 3, 2, 1, 3, 3]);
  await room.getByTestId("vote-again").click();
  await peers[4].getByTestId("group-members").waitFor();
  await peers[4].screenshot({ path: join(ROOT, "docs/phone-round2.png") });
  await vote([120, 130, 130, 150, 200, 160, 130, 600], [2, 2, 3, 3, 3, 2, 3, 3]);
  await room.getByTestId("reveal-all").click();
  await room.getByTestId("round-shift").waitFor();
  await room.waitForTimeout(500);
  await room.screenshot({ path: join(ROOT, "docs/projector-round-shift.png") });
  await room.getByTestId("open-report").first().click();
  await room.getByTestId("report-step-2-round-2").waitFor();
  await room.screenshot({ path: join(ROOT, "docs/class-report.png") });
  await room.emulateMedia({ media: "print" });
  await room.screenshot({ path: "/tmp/peer-report-print.png", fullPage: true });
  console.log("wrote docs/phone-round2.png, docs/projector-round-shift.png and docs/class-report.png");
}
