// Debian's chromium (scripts/browser.sh) driven by playwright-core, for the tests of the pages:
// a fresh profile per test file, in a reader's time zone, and nothing fetched from the network.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.ADJUTANT_CHROMIUM ?? '/usr/bin/chromium';
// Without these Chromium reaches out to the network on its own (updates, sync, field trials).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Screenshots of each page state (git-ignored). */
export const SHOTS = path.join(import.meta.dirname, '../../test-output/web');

export interface TestBrowser {
  page: Page;
  /** Saves a full-page screenshot under SHOTS. */
  shot(name: string, page?: Page): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowser(options: { timezoneId?: string } = {}): Promise<TestBrowser> {
  await mkdir(SHOTS, { recursive: true });
  const profile = await mkdtemp(path.join(tmpdir(), 'adjutant-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    timezoneId: options.timezoneId ?? 'Asia/Tokyo',
    locale: 'en-GB',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    shot: async (name, p = page) => void (await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })),
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
