import { enableToolbarArrowKeys } from '../../webview/browser/toolbarKeys';
import { enableActionMenus } from './actionMenu';
import { enableToolbarReveal } from './toolbarReveal';

/** What the action toolbars under `root` need: arrow keys, `…` menus, showing on hover and focus. */
export function enableActionToolbars(root: HTMLElement): void {
  enableToolbarArrowKeys(root);
  enableActionMenus(root);
  enableToolbarReveal(root);
}
