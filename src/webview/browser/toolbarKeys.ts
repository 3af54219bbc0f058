/**
 * Arrow keys, Home and End move focus between the buttons of the toolbar that has focus (its
 * own buttons: the items of its `…` menu have their own keys, see actionMenu.ts).
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
    const buttons = [...toolbar.querySelectorAll<HTMLButtonElement>(':scope > button')];
    const current = buttons.indexOf(event.target);
    const next = movedIndex(event.key, current, buttons.length, 'horizontal');
    if (current < 0 || next === undefined) {
      return;
    }
    event.preventDefault();
    buttons[next]?.focus();
  });
}

/**
 * Where an arrow key, Home or End moves in a row of `count` items (wrapping at both ends);
 * undefined for any other key.
 */
export function movedIndex(key: string, current: number, count: number, orientation: 'horizontal' | 'vertical'): number | undefined {
  const [forward, back] = orientation === 'horizontal' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
  if (key === forward) {
    return (current + 1) % count;
  }
  if (key === back) {
    return (current - 1 + count) % count;
  }
  return key === 'Home' ? 0 : key === 'End' ? count - 1 : undefined;
}
