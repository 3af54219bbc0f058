import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

const WALKTHROUGH = 'Get Started with Cluster Chat';
const STEPS = ['setApiKey', 'selectCluster', 'explainSelection', 'openChat'];

describe('The Get Started walkthrough', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'walkthrough',
    emulator: { apiKey: 'walkthrough-ui-key-3e8a' },
    files: { 'src/math.ts': 'export const two = 1 + 1;\n' },
    clusters: [{ id: 'demo', label: 'Demo' }],
  });

  /** Which steps the walkthrough page shows, and which of them it shows as done. */
  function steps(): Promise<Array<{ id: string; done: boolean }>> {
    return ui.workbench.page.locator('.gettingStartedContainer button.getting-started-step').evaluateAll((buttons) =>
      buttons.map((button) => ({
        id: (button.getAttribute('data-step-id') ?? '').split('#').pop() ?? '',
        done: button.getAttribute('aria-checked') === 'true',
      })),
    );
  }

  async function openWalkthrough(): Promise<void> {
    await ui.workbench.runCommand('Welcome: Open Walkthrough...');
    await ui.workbench.clickQuickInputRow(WALKTHROUGH);
    await ui.workbench.page.locator('.gettingStartedContainer .getting-started-step').first().waitFor({ timeout: 30_000 });
    // Once shown, the walkthrough moves the focus to its selected step, which closes a quick input
    // opened before that: the next gesture waits for the focus to arrive.
    await waitFor(
      'the walkthrough to focus its selected step',
      () =>
        ui.workbench.page.evaluate(() => ({
          inWalkthrough: Boolean(document.activeElement?.closest('.gettingStartedContainer')),
          focused: `${document.activeElement?.tagName ?? ''}.${document.activeElement?.className ?? ''}`,
        })),
      (focus) => focus.inWalkthrough,
    );
  }

  function waitForSteps(what: string, done: readonly string[]): Promise<Array<{ id: string; done: boolean }>> {
    return waitFor(
      what,
      steps,
      (shown) => shown.map((step) => step.id).join() === STEPS.join() && shown.every((step) => step.done === done.includes(step.id)),
      { timeoutMs: 30_000 },
    );
  }

  it('lists its four steps, none done on a fresh profile', async () => {
    await openWalkthrough();
    await waitForSteps('the four steps, none done', []);
    assert.match(await ui.workbench.page.locator('.gettingStartedContainer').innerText(), /Set API Key/);
    // The step's picture shows beside the steps only in a wide enough editor.
    await ui.workbench.runCommand('View: Close Primary Side Bar');
    await ui.workbench.page
      .locator('.gettingStartedContainer .getting-started-media')
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await ui.workbench.screenshot('walkthrough');
  });

  it('completes “Set your API key” when a key is stored, and “Pick a cluster” when one is chosen, nothing else', async () => {
    await ui.workbench.runCommand('Cluster Chat: Set API Key');
    await ui.workbench.answerInputBox(/API Key for/, ui.emulator.apiKey);
    await waitForSteps('the key step done after the key is stored', ['setApiKey']);
    await ui.workbench.selectCluster('Demo');
    await waitForSteps('the cluster step done after a cluster is chosen', ['setApiKey', 'selectCluster']);
    await ui.workbench.screenshot('walkthrough-key-and-cluster-done');
  });

  it('completes “Open the chat” when the chat shows, and “Explain a selection” when a reply arrives', async () => {
    await ui.workbench.openChat();
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.selectLines('math.ts', 1, 1);
    await ui.workbench.runCommand('Cluster Chat: Explain');
    await ui.workbench.webview().locator('.reply-title').waitFor({ timeout: 30_000 });
    await openWalkthrough();
    await waitForSteps('every step done after the chat opened and a reply arrived', STEPS);
    await ui.workbench.screenshot('walkthrough-all-done');
  });
});
