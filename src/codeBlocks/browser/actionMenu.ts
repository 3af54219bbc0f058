import { movedIndex } from '../../webview/browser/toolbarKeys';

/**
 * The `…` menus of the action toolbars (see actionButtons.ts). One is open at a time. It opens
 * on a click, Enter, Space or the down/up arrow on its button, and puts focus on its first (or
 * last) item; arrows, Home and End move between items; Escape closes it and returns to its
 * button; choosing an item, Tab away or a click elsewhere closes it.
 */
export function enableActionMenus(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const more = target?.closest<HTMLButtonElement>('button.action-more');
    if (more) {
      if (menuOf(more)?.hidden === false) {
        closeMenu(more, true);
      } else {
        openMenu(root, more, 'first');
      }
      return;
    }
    closeAllMenus(root);
  });
  root.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLElement)) {
      return;
    }
    if (event.target.matches('button.action-more')) {
      onMoreButtonKey(root, event.target as HTMLButtonElement, event);
    } else if (event.target.matches('.action-menu [role="menuitem"]')) {
      onMenuKey(event.target, event);
    }
  });
  root.addEventListener('focusout', (event) => {
    const menu = event.target instanceof Element ? event.target.closest<HTMLElement>('.action-menu') : null;
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    const more = menu ? moreButtonOf(menu) : undefined;
    if (menu && more && next && !menu.contains(next) && next !== more) {
      closeMenu(more, false);
    }
  });
}

/** The button where an action's outcome shows: the `…` button for an item of a closed menu. */
export function visibleButtonFor(button: HTMLButtonElement): HTMLButtonElement {
  const menu = button.closest<HTMLElement>('.action-menu');
  return (menu && moreButtonOf(menu)) ?? button;
}

function onMoreButtonKey(root: HTMLElement, more: HTMLButtonElement, event: KeyboardEvent): void {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    openMenu(root, more, event.key === 'ArrowDown' ? 'first' : 'last');
  } else if (event.key === 'Escape' && menuOf(more)?.hidden === false) {
    event.preventDefault();
    event.stopPropagation();
    closeMenu(more, true);
  }
}

function onMenuKey(item: HTMLElement, event: KeyboardEvent): void {
  const menu = item.closest<HTMLElement>('.action-menu');
  const more = menu ? moreButtonOf(menu) : undefined;
  if (!menu || !more) {
    return;
  }
  const items = menuItems(menu);
  const current = items.indexOf(item);
  const next = movedIndex(event.key, current, items.length, 'vertical');
  if (next !== undefined) {
    event.preventDefault();
    items[next]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    closeMenu(more, true);
  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    // Arrows stay inside the menu instead of moving along the toolbar behind it.
    event.preventDefault();
  }
}

function openMenu(root: HTMLElement, more: HTMLButtonElement, focus: 'first' | 'last'): void {
  const menu = menuOf(more);
  if (!menu) {
    return;
  }
  closeAllMenus(root);
  menu.hidden = false;
  more.setAttribute('aria-expanded', 'true');
  more.closest('.code-block, .reply-actions')?.classList.add('has-open-menu');
  const items = menuItems(menu);
  (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
}

function closeMenu(more: HTMLButtonElement, refocus: boolean): void {
  const menu = menuOf(more);
  if (!menu || menu.hidden) {
    return;
  }
  menu.hidden = true;
  more.setAttribute('aria-expanded', 'false');
  more.closest('.code-block, .reply-actions')?.classList.remove('has-open-menu');
  if (refocus) {
    more.focus();
  }
}

/** Closes every open menu (an item was chosen, or the click was elsewhere); focus in a menu returns to its button. */
function closeAllMenus(root: HTMLElement): void {
  for (const menu of root.querySelectorAll<HTMLElement>('.action-menu:not([hidden])')) {
    const more = moreButtonOf(menu);
    if (more) {
      closeMenu(more, menu.contains(document.activeElement));
    }
  }
}

function menuOf(more: HTMLButtonElement): HTMLElement | undefined {
  const next = more.nextElementSibling;
  return next instanceof HTMLElement && next.classList.contains('action-menu') ? next : undefined;
}

function moreButtonOf(menu: HTMLElement): HTMLButtonElement | undefined {
  const previous = menu.previousElementSibling;
  return previous instanceof HTMLButtonElement && previous.classList.contains('action-more') ? previous : undefined;
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}
