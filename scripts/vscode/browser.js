// Debian's Chromium driven by playwright-core (no browser download), and the workbench URL that
// runs extension tests inside code-server.
const fs = require('node:fs');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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

async function launchBrowser() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (the .ci/run script does this)`);
  }
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The workbench URL for a folder, optionally with the development extension and the tests to
 * run in its extension host (the way VS Code's own browser integration tests open it).
 */
function workbenchUrl(serverUrl, folder, development) {
  const authority = new URL(serverUrl).host;
  const remote = (absolute) => `vscode-remote://${authority}${absolute}`;
  const params = new URLSearchParams({ folder: remote(folder) });
  if (development) {
    const payload = [
      ['extensionDevelopmentPath', remote(development.extensionPath)],
      ['extensionTestsPath', remote(development.testsPath)],
      ['skipWelcome', 'true'],
    ];
    params.set('payload', JSON.stringify(payload));
  }
  return `${serverUrl}/?${params.toString()}`;
}

/**
 * Newer workbenches honour the test payload only with the smoke-test driver enabled; code-server
 * has no flag for it, so the configuration meta tag is rewritten before the workbench reads it.
 */
const ENABLE_SMOKE_TEST_DRIVER = () => {
  const patch = (element) => {
    const raw = element.getAttribute('data-settings');
    if (!raw || raw.includes('"enableSmokeTestDriver":true')) {
      return;
    }
    try {
      const settings = JSON.parse(raw);
      settings.developmentOptions = { ...(settings.developmentOptions || {}), enableSmokeTestDriver: true };
      element.setAttribute('data-settings', JSON.stringify(settings));
    } catch {
      // not the configuration we expect; leave it
    }
  };
  const observer = new MutationObserver(() => {
    const element = document.getElementById('vscode-workbench-web-configuration');
    if (element) {
      patch(element);
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-settings'] });
};

module.exports = { launchBrowser, workbenchUrl, ENABLE_SMOKE_TEST_DRIVER };
