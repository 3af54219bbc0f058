import * as vscode from 'vscode';
import { onUndescribedTabShown } from './walkthroughShown';

/**
 * The context keys the walkthrough's steps complete on (`completionEvents` in package.json). Each
 * rests false and is true only for a moment, when its step is announced: VS Code's walkthrough
 * service is created only when a walkthrough first shows, and it takes a key already true when it
 * registers the walkthrough as seen, without completing the step, for the rest of the session.
 */
export const WALKTHROUGH_CONTEXT = {
  keyStored: 'clusterChat.walkthrough.keyStored',
  clusterChosen: 'clusterChat.walkthrough.clusterChosen',
  replyReceived: 'clusterChat.walkthrough.replyReceived',
  chatOpened: 'clusterChat.walkthrough.chatOpened',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_CONTEXT;

/** Where the steps' events come from. */
export interface WalkthroughEvents {
  /** Whether a key is stored for the configured service (false when the base URL is unusable). */
  readonly hasKey: () => Promise<boolean>;
  readonly hasCluster: () => boolean;
  readonly onKeyChanged: (listener: () => void) => vscode.Disposable;
  readonly onClusterChanged: vscode.Event<unknown>;
  readonly onReplyShown: vscode.Event<unknown>;
  /** When the walkthrough may have just shown; by default, when a page the API does not describe does. */
  readonly onWalkthroughMayShow?: (listener: () => void) => vscode.Disposable;
}

/**
 * Announces each step when its event happens, at activation for what is already done, and again
 * whenever the walkthrough may have shown: that is when a service created late has registered it.
 * Events that leave nothing to look at later (a reply, the chat opened) are remembered in
 * globalState, so a new window starts with them done too. VS Code keeps a completed step completed.
 */
export class WalkthroughProgress implements vscode.Disposable {
  private readonly done = new Set<WalkthroughStep>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly state: vscode.Memento,
    private readonly events: WalkthroughEvents,
  ) {
    const onWalkthroughMayShow = events.onWalkthroughMayShow ?? onUndescribedTabShown;
    this.subscriptions = [
      events.onKeyChanged(() => void this.markKeyIfStored()),
      events.onClusterChanged(() => this.markClusterIfChosen()),
      events.onReplyShown(() => this.mark('replyReceived')),
      onWalkthroughMayShow(() => {
        for (const step of this.done) {
          void this.announce(step);
        }
      }),
    ];
    for (const step of ['replyReceived', 'chatOpened'] as const) {
      if (state.get<boolean>(WALKTHROUGH_CONTEXT[step]) === true) {
        this.mark(step);
      }
    }
    this.markClusterIfChosen();
    void this.markKeyIfStored();
  }

  /** The chat view was shown. */
  chatOpened(): void {
    this.mark('chatOpened');
  }

  private async markKeyIfStored(): Promise<void> {
    if (await this.events.hasKey().catch(() => false)) {
      this.mark('keyStored');
    }
  }

  private markClusterIfChosen(): void {
    if (this.events.hasCluster()) {
      this.mark('clusterChosen');
    }
  }

  private mark(step: WalkthroughStep): void {
    if (this.done.has(step)) {
      return;
    }
    this.done.add(step);
    if (step === 'replyReceived' || step === 'chatOpened') {
      void this.state.update(WALKTHROUGH_CONTEXT[step], true);
    }
    void this.announce(step);
  }

  /**
   * Sets the step's key and clears it again: the change to true is what completes the step, and
   * the key back at false lets a walkthrough registered later see the next change.
   */
  private async announce(step: WalkthroughStep): Promise<void> {
    const key = WALKTHROUGH_CONTEXT[step];
    await vscode.commands.executeCommand('setContext', key, true);
    await vscode.commands.executeCommand('setContext', key, false);
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) {
      subscription.dispose();
    }
  }
}
