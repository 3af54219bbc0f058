import type { ChatToHostMessage, HostToChatMessage } from '../common/chatProtocol';
import { ActionFeedback } from '../../codeBlocks/browser/actionFeedback';
import { feedbackKey, readChatClick, type ChatClick } from './chatClicks';
import { createChatHeader, type ChatHeader } from './chatHeader';
import { parseChatHostMessage } from '../common/hostToChatSchema';
import { ChatModel } from './chatModel';
import { chatSavedState, savedDraft } from './chatSavedState';
import { Composer } from './composer/composer';
import { BusyTimer } from './composer/busyTimer';
import { createComposerLayout, showAttachments, showBusy, showCluster } from './composer/composerLayout';
import { statusRegion } from '../../base/browser/dom';
import { FindBox, openFindOnShortcut } from './find/findBox';
import { highlightOccurrence } from './find/findHighlight';
import { HistoryPanel, nextHistory } from './history/historyPanel';
import { interceptLinks } from '../../webview/browser/linkClicks';
import { MessageList } from './virtualList/messageList';
import { NextSendView, type NextSendOwnType } from './composer/nextSendView';
import { applyMessageChange, type MessageChange } from './messages/messageChanges';
import { SystemPromptPanel } from './composer/systemPromptPanel';
import { enableActionToolbars } from '../../codeBlocks/browser/actionToolbars';
import type { ViewFactory } from '../../webview/browser/view';
import { getVsCodeApi, type VsCodeApi } from '../../webview/browser/vscodeApi';

const HISTORY_ID = 'chat-history';

/**
 * The chat sidebar: shows the conversation the host sends and reports what the user does. The
 * host owns the conversation; this view keeps only a mirror of it (see ChatModel).
 */
class ChatView {
  private readonly model = new ChatModel();
  private readonly header: ChatHeader;
  private readonly history: HistoryPanel;
  private readonly systemPrompt = new SystemPromptPanel();
  private readonly messages: MessageList;
  private readonly layout = createComposerLayout();
  private readonly composer: Composer;
  private readonly feedback: ActionFeedback;
  private readonly find: FindBox;
  private readonly elapsed = new BusyTimer();
  private readonly nextSend = new NextSendView(this.layout, this.model, this.systemPrompt, (index) => this.messages.itemAt(index));

  constructor(
    private readonly root: HTMLElement,
    private readonly api: VsCodeApi<ChatToHostMessage>,
  ) {
    this.header = createChatHeader(HISTORY_ID);
    this.history = new HistoryPanel(HISTORY_ID, this.header.historyToggle, (message) => this.api.postMessage(message));
    this.messages = new MessageList(this.model, (request) => this.api.postMessage(request));
    this.find = new FindBox({
      messages: () => this.model.messages,
      firstVisibleIndex: () => this.messages.firstVisibleIndex(),
      show: (match, query) =>
        highlightOccurrence(this.messages.markFound(match?.index)?.querySelector('.message-content'), query, match?.occurrence ?? 0),
      focusFallback: () => this.composer.focus(),
    });
    this.layout.busyText.after(this.elapsed.element);
    const status = statusRegion();
    this.feedback = new ActionFeedback(status);
    root.append(
      this.header.header,
      this.history.nav,
      this.systemPrompt.details,
      this.find.box,
      this.messages.scroller,
      this.layout.busy,
      this.layout.composer,
      status,
    );

    this.composer = new Composer(this.layout, {
      post: (message) => this.api.postMessage(message),
      isBusy: () => this.model.busy,
      messageAt: (index) => this.model.messageAt(index),
      lastUserIndex: () => this.model.lastIndexOf('user'),
      editingChanged: (index) => (this.messages.markEditing(index), this.nextSend.editing(index)),
      draftSaved: (draft) => this.api.setState(chatSavedState(draft)),
      attachments: () => this.model.attachments,
    });

    root.addEventListener('click', (event) => this.onClick(event));
    interceptLinks(root, (href) => this.api.postMessage({ type: 'openLink', href }));
    enableActionToolbars(root);
    openFindOnShortcut(this.find);

    this.showLists(); // the model's empty lists, until the host's state arrives
    this.messages.decorate();
    const draft = savedDraft(api.getState());
    if (draft !== undefined) {
      this.composer.setDraft(draft, false);
    }
  }

  handleMessage(message: HostToChatMessage): void {
    switch (message.type) {
      case 'chatState': {
        // Before the first state nothing is shown yet: what the user typed meanwhile is for this conversation.
        const sameConversation = (this.model.conversationId ?? message.conversation.id) === message.conversation.id;
        this.model.load(message.conversation);
        // Which conversation is shown, for anything that drives the view from outside and must know when a switch landed.
        this.root.dataset.conversation = message.conversation.id;
        this.elapsed.show(message.conversation.busy, message.conversation.waitedMs ?? 0);
        this.model.cluster = message.cluster;
        this.model.attachments = message.attachments;
        this.model.history = message.history;
        this.history.setComplete(message.historyComplete);
        this.feedback.reset();
        this.composer.receiveDraft(message.draft, sameConversation);
        this.messages.showConversation();
        this.find.refresh(true);
        this.systemPrompt.show(this.model.systemPrompt);
        this.showLists();
        break;
      }
      case 'messagesAppended':
      case 'messagesTruncated':
      case 'earlierMessages':
      case 'undoableTurns':
        if (this.model.isShown(message.conversationId)) {
          this.changeMessages(message);
        }
        break;
      case 'busy':
        if (this.model.isShown(message.conversationId)) {
          this.model.busy = message.busy;
          showBusy(this.layout, message.busy, this.model.cluster?.label);
          this.elapsed.show(message.busy, 0);
        }
        break;
      case 'error':
        if (this.model.isShown(message.conversationId)) {
          this.model.error = message.error;
          this.messages.decorate();
        }
        break;
      case 'attachments':
        this.model.attachments = message.attachments;
        showAttachments(this.layout.attachments, message.attachments);
        break;
      case 'cluster':
        this.model.cluster = message.cluster;
        showCluster(this.layout, message.cluster);
        showBusy(this.layout, this.model.busy, message.cluster?.label);
        break;
      case 'history':
      case 'historyItem':
        this.model.history = nextHistory(this.model.history, message);
        if (message.type === 'history') {
          this.history.setComplete(message.complete);
        }
        this.model.activeId = message.activeId;
        this.history.render(this.model.history, message.activeId);
        break;
      case 'searchResults':
        this.history.search.receive(message);
        break;
      case 'setDraft':
        this.composer.setDraft(message.text, true, message.editIndex);
        break;
      case 'focusInput':
        this.composer.focus();
        break;
      case 'actionDone':
        if (message.reply.conversationId === this.model.conversationId) {
          this.feedback.show(message.action, message.ok, feedbackKey(message.reply, message.action));
        }
        break;
      case 'promptCommands':
      case 'promptExpanded':
      case 'mentionOptions':
      case 'mentionsAdded':
        this.composer.receiveSuggestions(message);
        break;
      default: // only the next-send view's, below; a new message type fails to compile until handled
        void (message.type satisfies NextSendOwnType);
    }
    this.nextSend.update(message);
  }

  private showLists(): void {
    showCluster(this.layout, this.model.cluster);
    showBusy(this.layout, this.model.busy, this.model.cluster?.label);
    showAttachments(this.layout.attachments, this.model.attachments);
    this.history.render(this.model.history, this.model.activeId);
  }

  private onClick(event: MouseEvent): void {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
    const click = button ? readChatClick(button) : undefined;
    if (button && click) {
      this.perform(click, button);
    }
  }

  private perform(click: ChatClick, button: HTMLButtonElement): void {
    const conversationId = this.model.conversationId;
    switch (click.kind) {
      case 'post':
        this.api.postMessage(click.message);
        break;
      case 'toggleHistory':
        this.history.setOpen(!this.history.open);
        break;
      case 'openConversation':
        this.api.postMessage({ type: 'switchConversation', id: click.id });
        this.history.setOpen(false);
        this.composer.focus();
        break;
      case 'saveSystemPrompt':
        this.api.postMessage({ type: 'setSystemPrompt', text: this.systemPrompt.value });
        break;
      case 'codeAction':
        if (conversationId !== undefined) {
          const reply = { conversationId, index: click.index };
          this.feedback.pressedButton(button, click.action, feedbackKey(reply, click.action));
          this.api.postMessage({ type: 'codeAction', reply, action: click.action, block: click.block });
        }
        break;
      case 'copyMessage':
        if (conversationId !== undefined) {
          this.feedback.pressedButton(button, 'copy', feedbackKey({ conversationId, index: click.index }, 'copy'));
          this.api.postMessage({ type: 'copyMessage', index: click.index });
        }
        break;
      case 'edit':
        this.composer.beginEdit(click.index);
        break;
      case 'regenerate':
        this.api.postMessage({ type: 'regenerate' });
        break;
    }
  }

  /** Messages added or removed in the conversation shown. */
  private changeMessages(message: MessageChange): void {
    applyMessageChange(this.model, this.messages, message);
    this.composer.messagesChanged();
    this.find.refresh(false);
  }
}

export const mountChatView: ViewFactory = (root) => {
  const view = new ChatView(root, getVsCodeApi<ChatToHostMessage>());
  return {
    receive: (raw) => {
      const message = parseChatHostMessage(raw);
      if (message) view.handleMessage(message);
    },
  };
};
