/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import * as fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (.ci/run does this)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface DevelopmentPayload {
  /** Extensions under development (ours first). */
  readonly extensionPaths: readonly string[];
  readonly testsPath: string;
}

/**
 * The workbench URL for a folder; with `development`, the extensions under development and the
 * tests to run in their extension host (as VS Code's own browser integration tests open it).
 */
export function workbenchUrl(serverUrl: string, folder: string, development?: DevelopmentPayload): string {
  const authority = new URL(serverUrl).host;
  const remote = (absolute: string): string => `vscode-remote://${authority}${absolute}`;
  // A `.code-workspace` file opens as a workspace of its folders; anything else as one folder.
  const params = new URLSearchParams(folder.endsWith('.code-workspace') ? { workspace: remote(folder) } : { folder: remote(folder) });
  if (development) {
    params.set(
      'payload',
      JSON.stringify([
        ...development.extensionPaths.map((extensionPath) => ['extensionDevelopmentPath', remote(extensionPath)]),
        ['extensionTestsPath', remote(development.testsPath)],
        ['skipWelcome', 'true'],
      ]),
    );
  }
  return `${serverUrl}/?${params.toString()}`;
}

/**
 * Newer workbenches honour the test payload only with the smoke-test driver enabled, and
 * code-server has no flag for it: this init script (page source, run before the workbench) rewrites
 * the configuration meta tag before the workbench reads it.
 */
export const ENABLE_SMOKE_TEST_DRIVER_SCRIPT = `(() => {
  const patch = (element) => {
    const raw = element.getAttribute('data-settings');
    if (!raw || raw.includes('"enableSmokeTestDriver":true')) return;
    try {
      const settings = JSON.parse(raw);
      settings.developmentOptions = { ...(settings.developmentOptions || {}), enableSmokeTestDriver: true };
      element.setAttribute('data-settings', JSON.stringify(settings));
    } catch {}
  };
  new MutationObserver(() => {
    const element = document.getElementById('vscode-workbench-web-configuration');
    if (element) patch(element);
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-settings'] });
})();`;
