/** The Get Started walkthrough as the user sees it in the workbench: opening it, and its steps. */
import { waitFor } from '../../../scripts/workbench/wait';
import { EXTENSION_ID, type Workbench } from '../../../scripts/workbench/workbench';

export const WALKTHROUGH_TITLE = 'Get Started with Cluster Chat';
/** What `workbench.action.openWalkthrough` takes to open this walkthrough. */
export const WALKTHROUGH_ID = `${EXTENSION_ID}#gettingStarted`;
export const STEPS = ['setApiKey', 'selectCluster', 'explainSelection', 'openChat'] as const;

export interface ShownStep {
  readonly id: string;
  readonly done: boolean;
}

/** Which steps the walkthrough page shows, and which of them it shows as done. */
export function shownSteps(workbench: Workbench): Promise<ShownStep[]> {
  return workbench.page.locator('.gettingStartedContainer button.getting-started-step').evaluateAll((buttons) =>
    buttons.map((button) => ({
      id: (button.getAttribute('data-step-id') ?? '').split('#').pop() ?? '',
      done: button.getAttribute('aria-checked') === 'true',
    })),
  );
}

/** Opens the walkthrough as a user does: “Welcome: Open Walkthrough...”, then its title. */
export async function openWalkthrough(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Welcome: Open Walkthrough...');
  await workbench.clickQuickInputRow(WALKTHROUGH_TITLE);
  await waitForWalkthroughFocus(workbench);
}

/**
 * Waits until the walkthrough shows its steps and has moved the focus to its selected step: until
 * then it would close a quick input opened next.
 */
export async function waitForWalkthroughFocus(workbench: Workbench): Promise<void> {
  await workbench.page.locator('.gettingStartedContainer .getting-started-step').first().waitFor({ timeout: 30_000 });
  await waitFor(
    'the walkthrough to focus its selected step',
    () =>
      workbench.page.evaluate(() => ({
        inWalkthrough: Boolean(document.activeElement?.closest('.gettingStartedContainer')),
        focused: `${document.activeElement?.tagName ?? ''}.${document.activeElement?.className ?? ''}`,
      })),
    (focus) => focus.inWalkthrough,
  );
}

/** Waits until the page lists the four steps with exactly `done` ticked; fails with what it showed. */
export function waitForSteps(workbench: Workbench, what: string, done: readonly string[]): Promise<ShownStep[]> {
  return waitFor(
    what,
    () => shownSteps(workbench),
    (shown) => shown.map((step) => step.id).join() === STEPS.join() && shown.every((step) => step.done === done.includes(step.id)),
    { timeoutMs: 30_000 },
  );
}
