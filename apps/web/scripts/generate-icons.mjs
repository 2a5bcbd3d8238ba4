// Renders the PWA icons (PNG) from the SVG logo with the system's Chromium. Run once after the logo
// changes and commit the PNGs: `node apps/web/scripts/generate-icons.mjs`.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const publicDir = new URL('../public/', import.meta.url);
const targets = [
  { source: 'favicon.svg', file: 'icons/icon-192.png', size: 192 },
  { source: 'favicon.svg', file: 'icons/icon-512.png', size: 512 },
  { source: 'icons/icon-maskable.svg', file: 'icons/icon-maskable-512.png', size: 512 },
  { source: 'icons/icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const { source, file, size } of targets) {
    const svg = await readFile(new URL(source, publicDir), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true, type: 'png' });
    await writeFile(new URL(file, publicDir), png);
    console.log(`${file} ${size}×${size} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
