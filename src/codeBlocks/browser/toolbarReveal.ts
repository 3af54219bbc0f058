/**
 * A code block's toolbar shows while the pointer is over the block (`is-hovered`) or focus is in
 * it (`has-focus`), as in VS Code's chat. Hidden toolbars stay in the Tab order (CSS only fades
 * them), so keyboard focus reaching a button is what reveals it.
 */
export function enableToolbarReveal(root: HTMLElement): void {
  const mark = (className: string, event: MouseEvent | FocusEvent, on: boolean): void => {
    const block = codeBlockOf(event.target);
    if (!block) {
      return;
    }
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    // Moving between the block's own children is neither an entry nor an exit.
    if (next && block.contains(next)) {
      return;
    }
    block.classList.toggle(className, on);
  };
  root.addEventListener('mouseover', (event) => mark('is-hovered', event, true));
  root.addEventListener('mouseout', (event) => mark('is-hovered', event, false));
  root.addEventListener('focusin', (event) => mark('has-focus', event, true));
  root.addEventListener('focusout', (event) => mark('has-focus', event, false));
}

function codeBlockOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('.code-block') : null;
}
