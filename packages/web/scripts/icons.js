// Draws the app's icons (the web app manifest's) from the favicon, in Debian's Chromium:
// `npm run icons -w @ubongo/web` writes public/icon-192.png, icon-512.png and icon-maskable-512.png.
// They are committed: the build does not need a browser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const logo = readFileSync(here('../public/favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  // `maskable`: the logo within the middle 60% (the safe zone a launcher's mask keeps) on the brand colour.
  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-maskable-512.png', 512, true],
  ]) {
    const inner = maskable ? Math.round(size * 0.6) : size;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#1d3557' : 'transparent'}">` +
        logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
        '</body>',
    );
    await page.screenshot({ path: here(`../public/${name}`), omitBackground: !maskable });
  }
} finally {
  await browser.close();
}
