/**
 * Draws the installable app's icons (public/icons/*.png) from the logo's shapes, in headless Chromium: no download,
 * no image library. Run after changing the logo: `npx tsx scripts/make-icons.ts`, then commit the PNGs.
 *
 * - icon-192.png, icon-512.png (purpose "any"): the logo as it is, rounded corners on a transparent background.
 * - maskable-512.png (purpose "maskable"): full-bleed brand colour with the truck inside the central 80 % circle that
 *   every mask shape keeps (the "safe zone").
 * - apple-touch-icon.png (180): opaque, iOS rounds it itself.
 * CHROMIUM_PATH picks the browser (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BRAND = '#1976d2';
const TRUCK = `<path d="M10 40h6l4-14h20l8 8h6v6h-4a5 5 0 0 1-10 0H26a5 5 0 0 1-10 0h-6z" fill="#fff"/><circle cx="21" cy="41" r="3" fill="${BRAND}"/><circle cx="45" cy="41" r="3" fill="${BRAND}"/>`;

/** The truck drawing spans x 10–54 and y 26–46 of the 64 box: its centre is (32, 36). */
const svg = (size: number, { rounded, truckScale }: { rounded: boolean; truckScale: number }) => {
  const shift = (1 - truckScale) * 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${BRAND}"/>
    <g transform="translate(${shift} ${shift - 4 * truckScale}) scale(${truckScale})">${TRUCK}</g>
  </svg>`;
};

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, truckScale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, truckScale: 1 },
  // 0.9: the truck's farthest corner is 31 % of the side from the centre, inside the safe circle (40 %).
  { file: 'maskable-512.png', size: 512, rounded: false, truckScale: 0.9 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, truckScale: 0.9 },
];

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`,
      );
      await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
      await page.close();
      console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
