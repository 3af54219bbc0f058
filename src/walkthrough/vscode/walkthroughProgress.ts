import * as vscode from 'vscode';

/** The context keys the walkthrough's steps complete on (`completionEvents` in package.json). */
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
}

/**
 * Sets each step's context key when its event happens, and at activation for what is already
 * done. Events that leave nothing to look at later (a reply, the chat opened) are remembered in
 * globalState, so a new window starts with them done too.
 */
export class WalkthroughProgress implements vscode.Disposable {
  private readonly done = new Set<WalkthroughStep>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly state: vscode.Memento,
    private readonly events: WalkthroughEvents,
  ) {
    this.subscriptions = [
      events.onKeyChanged(() => void this.markKeyIfStored()),
      events.onClusterChanged(() => this.markClusterIfChosen()),
      events.onReplyShown(() => this.mark('replyReceived')),
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
    const key = WALKTHROUGH_CONTEXT[step];
    if (step === 'replyReceived' || step === 'chatOpened') {
      void this.state.update(key, true);
    }
    void vscode.commands.executeCommand('setContext', key, true);
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) {
      subscription.dispose();
    }
  }
}
