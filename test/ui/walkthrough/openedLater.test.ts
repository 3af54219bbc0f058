import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';
import { takeFirstSteps, type WorkbenchSetUp } from '../helpers/openWorkbench';
import { useWorkbenchPerTest } from '../helpers/useWorkbench';
import { STEPS, WALKTHROUGH_ID, openWalkthrough, waitForSteps, waitForWalkthroughFocus } from './walkthroughPage';

/** A keybinding a user could add; it runs the command a `command:` link to the walkthrough runs. */
const OPEN_KEY = 'ctrl+alt+shift+w';

/**
 * Steps done before the walkthrough was ever shown in the window: VS Code creates its walkthrough
 * service (and registers the walkthrough) only when something first shows a walkthrough, which
 * with `workbench.startupEditor: none` is the user opening this one.
 */
describe('The Get Started walkthrough opened after its steps were done', function () {
  this.timeout(300_000);
  const ui = useWorkbenchPerTest({ screenshots: 'walkthrough-later', emulator: { apiKey: 'walkthrough-later-key-51c2' } });

  function setUp(startupEditor: 'none' | 'welcomePage', extra: Partial<WorkbenchSetUp> = {}): WorkbenchSetUp {
    return {
      files: { 'src/math.ts': 'export const two = 1 + 1;\n' },
      clusters: [{ id: 'demo', label: 'Demo' }],
      apiKey: true,
      cluster: 'Demo',
      ...extra,
      settings: { 'workbench.startupEditor': startupEditor },
    };
  }

  /** The two steps setUp leaves undone: opens the chat, and explains a selection until the reply shows. */
  async function openChatAndExplain(workbench: Workbench): Promise<void> {
    await workbench.openChat();
    await workbench.openFile('src/math.ts');
    await workbench.selectLines('math.ts', 1, 1);
    await workbench.runCommand('Cluster Chat: Explain');
    await workbench.webview().locator('.reply-title').waitFor({ timeout: 30_000 });
  }

  it('ticks every step done with `workbench.startupEditor: none`, opened from “Welcome: Open Walkthrough...”', async () => {
    const workbench = await ui.open(setUp('none'));
    await openChatAndExplain(workbench);
    await openWalkthrough(workbench);
    await waitForSteps(workbench, 'every step done when the walkthrough is first shown', STEPS);
  });

  it('ticks every step done with `workbench.startupEditor: none`, opened straight by its id', async () => {
    const keybindings = [{ key: OPEN_KEY, command: 'workbench.action.openWalkthrough', args: WALKTHROUGH_ID }];
    const workbench = await ui.open(setUp('none', { userData: { 'User/keybindings.json': JSON.stringify(keybindings) } }));
    await openChatAndExplain(workbench);
    await workbench.openFile('src/math.ts');
    await workbench.page.keyboard.press('Control+Alt+Shift+KeyW');
    await waitForWalkthroughFocus(workbench);
    await waitForSteps(workbench, 'every step done when the walkthrough is first shown', STEPS);
  });

  it('ticks every step done with the default start-up editor (the Welcome page)', async () => {
    const { cluster, ...beforeFirstSteps } = setUp('welcomePage', { apiKey: false });
    const workbench = await ui.open(beforeFirstSteps);
    // The Welcome page takes the focus once it has loaded, and again whenever a context key its
    // walkthrough's steps read changes (1.100's “Setup VS Code Web” reads `syncStatus`, set some
    // time after start-up): either closes a palette open then. So the first steps wait for it, and
    // a file opened from the Explorer then puts it behind an editor, where it can take no focus.
    await waitFor(
      'the Welcome page, open since start-up, among the tabs and holding the focus',
      () =>
        workbench.page.evaluate(() => ({
          tabs: Array.from(document.querySelectorAll('.tabs-container .tab .label-name'), (label) => (label as HTMLElement).innerText),
          focusInPage: Boolean(document.activeElement?.closest('.gettingStartedContainer')),
        })),
      // It may open on one of VS Code's own walkthroughs (1.100 opens “Setup VS Code Web”).
      (state) => state.focusInPage && state.tabs.some((label) => label === 'Welcome' || label.startsWith('Walkthrough: ')),
      { timeoutMs: 30_000 },
    );
    await workbench.openFileFromExplorer('src/math.ts');
    await takeFirstSteps(workbench, { apiKey: true, ...(cluster === undefined ? {} : { cluster }) }, ui.emulator);
    await openChatAndExplain(workbench);
    await openWalkthrough(workbench);
    await waitForSteps(workbench, 'every step done when the walkthrough is shown', STEPS);
  });
});
