import type { Locator } from 'playwright-core';
import type { Workbench } from '../../../scripts/workbench/workbench';
import { waitFor } from '../../../scripts/workbench/wait';
import { type SuiteWorkbench, useWorkbench } from './useWorkbench';

/** Runs Edit in Place from the palette on lines `first`..`last` of `fileName`, asking the cluster to tidy them up. */
export async function runEditInPlace(workbench: Workbench, fileName: string, first: number, last: number): Promise<void> {
  await workbench.selectLines(fileName, first, last);
  await workbench.runCommand('Cluster Chat: Edit in Place…');
  await workbench.answerInputBox(/How should the cluster change/, 'Tidy this up');
}

/** A code lens of an inline proposal in `editor`, by its label (Accept, Reject…). */
export function proposalLens(editor: Locator, label: string): Locator {
  return editor.locator('.codelens-decoration a', { hasText: new RegExp(`^\\s*${label}\\s*$`) });
}

/**
 * The workbench an Edit in Place test runs in: `file` open with `text`, the emulator's demo cluster
 * selected, and auto-save off, as in desktop VS Code (VS Code for the Web would save meanwhile), unless
 * `settings` say otherwise.
 */
export function useEditInPlaceWorkbench(
  screenshots: string,
  file: string,
  text: string,
  settings: Record<string, unknown> = { 'files.autoSave': 'off' },
): SuiteWorkbench {
  return useWorkbench({
    screenshots,
    emulator: { apiKey: `ui-${screenshots}-key` },
    files: { [file]: text },
    settings,
    clusters: [{ id: 'demo', label: 'Demo' }],
    openFile: file,
    apiKey: true,
    cluster: 'Demo',
  });
}

/** Waits for a proposal of one hunk in `editor`, its Accept shown. */
export async function waitForTheProposal(editor: Locator): Promise<Locator> {
  const accept = proposalLens(editor, 'Accept');
  await waitFor(
    'the proposal with its Accept',
    () => accept.count(),
    (count) => count === 1,
  );
  return accept;
}

/** Waits for a proposal of one hunk in `editor` and clicks its Accept. */
export async function acceptTheProposal(editor: Locator): Promise<void> {
  await (await waitForTheProposal(editor)).click();
}
