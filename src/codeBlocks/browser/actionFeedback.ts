import type { CodeAction } from '../../replies/common/replyProtocol';
import { actionDoneLabel, actionLabel } from './actionLabels';
import { actionIcon, readButtonAction, setButtonLabel } from './actionButtons';
import { visibleButtonFor } from './actionMenu';
import { setCodicon } from '../../webview/browser/codicons';

/** How long a button shows the outcome of its action. */
export const FEEDBACK_MS = 1500;

const OUTCOME_CLASSES = ['done', 'failed'] as const;

/**
 * Remembers the last button pressed for each action and, when the host reports the outcome,
 * shows it on that button for a moment (class `done` or `failed`, a check or error glyph, and for
 * a code action button a changed tooltip and name) and announces it through a status region.
 * An action chosen from a `…` menu shows its outcome on the `…` button, as the menu has closed.
 *
 * `key` tells apart presses whose outcomes come back separately (the chat uses the reply id and
 * the action); by default it is the action.
 */
export class ActionFeedback {
  private readonly pressed = new Map<string, HTMLButtonElement>();
  private readonly timers = new Map<HTMLButtonElement, number>();

  constructor(private readonly status: HTMLElement) {}

  pressedButton(button: HTMLButtonElement, action: CodeAction, key: string = action): void {
    this.pressed.set(key, button);
  }

  /** Shows the outcome on the button last pressed for the key, if it is still on the page. */
  show(action: CodeAction, ok: boolean, key: string = action): void {
    const button = this.pressed.get(key);
    if (!button || !button.isConnected) {
      return;
    }
    const target = readButtonAction(button);
    const shown = visibleButtonFor(button);
    const label = actionDoneLabel(action, ok);
    this.clearTimer(shown);
    shown.classList.remove(...OUTCOME_CLASSES);
    shown.classList.add(ok ? 'done' : 'failed');
    const restoredIcon = shown === button ? actionIcon(action) : 'ellipsis';
    setCodicon(shown, ok ? 'check' : 'error');
    if (target) {
      setButtonLabel(button, label, target.block);
    }
    this.status.textContent = `${actionLabel(action)}: ${label}`;
    this.timers.set(
      shown,
      window.setTimeout(() => {
        this.timers.delete(shown);
        shown.classList.remove(...OUTCOME_CLASSES);
        setCodicon(shown, restoredIcon);
        if (target) {
          setButtonLabel(button, actionLabel(action), target.block);
        }
      }, FEEDBACK_MS),
    );
  }

  /** Forgets every button (their reply was replaced). */
  reset(): void {
    for (const timer of this.timers.values()) {
      window.clearTimeout(timer);
    }
    this.timers.clear();
    this.pressed.clear();
    this.status.textContent = '';
  }

  private clearTimer(button: HTMLButtonElement): void {
    const timer = this.timers.get(button);
    if (timer !== undefined) {
      window.clearTimeout(timer);
      this.timers.delete(button);
    }
  }
}
