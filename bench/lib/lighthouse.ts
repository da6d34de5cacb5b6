import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser-js';

export interface LighthouseFigures {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number | null;
  accessibility: number | null;
  largestContentfulPaintMs: number | null;
  totalBlockingTimeMs: number | null;
  /** Lighthouse's three largest savings, by its own estimate. */
  opportunities: { id: string; savingsMs: number }[];
  /** The accessibility audits that failed (their ids), what keeps the score under 100. */
  accessibilityIssues?: string[];
  error?: string;
}

export interface LighthousePage {
  name: string;
  url: string;
  /** Put before the run into localStorage of the page's origin (the signed-in dashboard's token). */
  localStorage?: Record<string, string>;
}

/**
 * Lighthouse (node API) on Debian Chromium started by chrome-launcher: the default mobile run
 * (simulated slow 4G and 4x CPU slowdown) and the desktop preset. A signed-in page gets its token
 * written into localStorage first, over CDP, and Lighthouse runs with disableStorageReset.
 */
export async function runLighthouse(page: LighthousePage, formFactor: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  // Lighthouse's trace recording fails now and then (NO_NAVSTART, NO_FCP): three tries.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(page, formFactor);
    } catch (error) {
      if (attempt >= 3) {
        return { page: page.name, formFactor, performance: null, accessibility: null, largestContentfulPaintMs: null, totalBlockingTimeMs: null, opportunities: [], error: String(error) };
      }
    }
  }
}

async function runOnce(page: LighthousePage, formFactor: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    if (page.localStorage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const tab = await context.newPage();
      await tab.goto(new URL('/courier/login', page.url).toString());
      await tab.evaluate((entries) => { for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value); }, page.localStorage);
      await tab.close();
      await browser.close();
    }
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(page.localStorage) };
    const result = await lighthouse(page.url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    const score = (key: string) => {
      const value = lhr?.categories[key]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const audit = (key: string) => {
      const value = lhr?.audits[key]?.numericValue;
      return typeof value === 'number' ? Math.round(value) : null;
    };
    if (lhr?.runtimeError) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
    const opportunities = Object.values(lhr?.audits ?? {})
      .filter((a) => a.details?.type === 'opportunity' && typeof a.numericValue === 'number' && a.numericValue > 0)
      .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
      .slice(0, 3)
      .map((a) => ({ id: a.id, savingsMs: Math.round(a.numericValue ?? 0) }));
    const accessibilityIssues = (lhr?.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr?.audits[ref.id])
      .filter((a) => a && typeof a.score === 'number' && a.score < 1)
      .map((a) => a?.id ?? '');
    return {
      page: page.name, formFactor,
      performance: score('performance'), accessibility: score('accessibility'), accessibilityIssues,
      largestContentfulPaintMs: audit('largest-contentful-paint'), totalBlockingTimeMs: audit('total-blocking-time'),
      opportunities,
    };
  } finally {
    await chrome.kill();
  }
}
