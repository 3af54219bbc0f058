import { ACTION_BUTTON_SELECTOR } from '../codeActions/actionButtons';

/**
 * Arrow keys, Home and End move focus between the buttons of the toolbar that has focus.
 * Tab still visits every button, so the toolbars work with Tab, Enter and Space alone.
 */
export function enableToolbarArrowKeys(root: HTMLElement): void {
  root.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLButtonElement)) {
      return;
    }
    const toolbar = event.target.closest('[role="toolbar"]');
    if (!toolbar) {
      return;
    }
    const buttons = [...toolbar.querySelectorAll<HTMLButtonElement>(ACTION_BUTTON_SELECTOR)];
    const current = buttons.indexOf(event.target);
    const next = nextIndex(event.key, current, buttons.length);
    if (current < 0 || next === undefined) {
      return;
    }
    event.preventDefault();
    buttons[next]?.focus();
  });
}

function nextIndex(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
