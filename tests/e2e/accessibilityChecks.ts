/**
 * The two checks of the accessibility walk (accessibility.walk.ts), run inside the page: axe-core's serious and
 * critical violations, and controls smaller than 44 × 44 px on a phone. Journeys use them too.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's script, put into a page by axeFindings. */
export const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  role: string;
  route: string;
  width: number;
  /** axe-core's rule id, "target-size" for a small control, "still-loading" for a screen that never settled. */
  rule: string;
  impact: string;
  /** A CSS selector of the element (axe's own, or a short path for a control). */
  target: string;
}

type Where = Pick<Finding, 'role' | 'route' | 'width'>;

/** axe-core's violations of impact serious or critical on the current screen, one finding per element. */
export async function axeFindings(page: Page, where: Where): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.targets.map((target) => ({ ...where, rule: v.id, impact: v.impact, target })));
}

/** The least size of a target on a touch screen, in CSS pixels (WCAG 2.5.5). */
export const MIN_TARGET = 44;

/**
 * Every visible control on the screen smaller than MIN_TARGET in either direction. A text field counts by its whole
 * box (the part a finger lands on); a link inside a sentence is exempt (WCAG 2.5.8's inline exception); so are
 * disabled controls and what is hidden from users (aria-hidden, pointer-events: none).
 */
export async function tapTargetFindings(page: Page, where: Where): Promise<Finding[]> {
  const small = await page.evaluate((min) => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="tab"], [role="menuitem"]';
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (
        let node: Element | null = el;
        node && node !== document.body && parts.length < 4;
        node = node.parentElement
      ) {
        const id = node.id ? `#${node.id}` : '';
        const cls = [...node.classList].find((c) => c.startsWith('Mui') && !c.includes('-colo')) ?? '';
        parts.unshift(`${node.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ''}`);
        if (id) break;
      }
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40);
      return `${parts.join(' > ')}${name ? ` "${name}"` : ''}`;
    };
    const inSentence = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      return !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    const found: string[] = [];
    const seen = new Set<Element>();
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (el.closest('[aria-hidden="true"], [inert]') || (el as HTMLButtonElement).disabled) continue;
      if (el.getAttribute('aria-disabled') === 'true') continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      // A field is tapped anywhere in its outlined box, not only on the text line inside it; a checkbox or switch
      // anywhere in its label.
      const box = el.matches('input, textarea, [role="combobox"]')
        ? (el.closest('label') ?? el.closest('.MuiInputBase-root') ?? el)
        : el;
      if (seen.has(box)) continue;
      seen.add(box);
      const rect = box.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || inSentence(el)) continue;
      if (rect.width < min - 0.5 || rect.height < min - 0.5)
        found.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    }
    return found;
  }, MIN_TARGET);
  return small.map((target) => ({ ...where, rule: 'target-size', impact: 'serious', target }));
}
