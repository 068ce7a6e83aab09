// A live class for the screenshots: the projector at 1280x800 presenting a lesson, its class
// started, and one touch phone at 375x812 joined for each name (an empty name joins anonymous).
export async function startClass(browser, base, lesson, names) {
  const room = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  room.on("dialog", (d) => d.accept());
  await room.goto(`${base}/learn/${lesson}/1?present=1`);
  await room.getByTestId("start-class").click();
  const code = (await room.getByTestId("class-code").textContent()).trim();
  const phones = [];
  for (const name of names) {
    const p = await (await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })).newPage();
    await p.goto(`${base}/c/${code}`);
    await p.getByTestId("student-name").fill(name);
    await p.getByTestId("join").tap();
    await p.getByTestId("seat").waitFor();
    phones.push(p);
  }
  return { room, code, phones };
}
