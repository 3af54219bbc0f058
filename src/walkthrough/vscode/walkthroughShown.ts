import * as vscode from 'vscode';

/**
 * Calls `listener` when the active editor tab becomes, or changes while it is, one whose input the
 * extension API does not describe (`input` is undefined). VS Code's walkthrough page is such a
 * tab; so are its other built-in pages (Settings, Keyboard Shortcuts…), which cost only a call.
 */
export function onUndescribedTabShown(listener: () => void): vscode.Disposable {
  const tabs = vscode.window.tabGroups;
  const isUndescribedActive = (tab: vscode.Tab | undefined): boolean => tab !== undefined && tab.isActive && tab.input === undefined;
  return vscode.Disposable.from(
    tabs.onDidChangeTabs((event) => {
      if ([...event.opened, ...event.changed].some((tab) => tab.group.isActive && isUndescribedActive(tab))) {
        listener();
      }
    }),
    tabs.onDidChangeTabGroups(() => {
      if (isUndescribedActive(tabs.activeTabGroup.activeTab)) {
        listener();
      }
    }),
  );
}
