/** What a user does, as the events a browser would dispatch. Each returns its event to check `defaultPrevented`. */

export interface KeyOptions {
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly isComposing?: boolean;
  readonly keyCode?: number;
}

export function press(target: Element, key: string, options: KeyOptions = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options });
  target.dispatchEvent(event);
  return event;
}

export function click(target: Element, options: { readonly button?: number } = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: options.button ?? 0 });
  target.dispatchEvent(event);
  return event;
}

/** A press of a mouse button other than the main one (middle: 1, right: 2). */
export function auxClick(target: Element, button: number): MouseEvent {
  const event = new MouseEvent('auxclick', { bubbles: true, cancelable: true, button });
  target.dispatchEvent(event);
  return event;
}

/** Replaces the box's text as typing would, with the `input` event that follows. */
export function typeInto(box: HTMLTextAreaElement, value: string): void {
  box.value = value;
  box.dispatchEvent(new InputEvent('input', { bubbles: true, data: value }));
}

/** An input method composing text: between these events keys belong to the IME. */
export function startComposition(box: HTMLTextAreaElement): void {
  box.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
}

export function endComposition(box: HTMLTextAreaElement): void {
  box.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true }));
}

/** A message from the extension host, as the page's window receives it. */
export function hostPosts(data: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data }));
}
