import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function newContext(
  browser: Browser,
  options: { locale?: string; phone?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
}
