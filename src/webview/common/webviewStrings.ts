/**
 * Every text a webview shows, with its English default. The host localizes them with
 * vscode.l10n and hands them to the webview in its HTML shell; `{0}` is filled in by the webview.
 * Plain data, so the webview bundle can import it.
 */
export const WEBVIEW_STRING_DEFAULTS = {
  copy: 'Copy',
  copyDone: 'Copied',
  insert: 'Insert at Cursor',
  insertDone: 'Inserted',
  replace: 'Replace Selection',
  replaceDone: 'Replaced',
  diff: 'Apply with Diff Preview',
  diffDone: 'Diff Opened',
  newFile: 'Open in New File',
  newFileDone: 'Opened',
  continueInChat: 'Continue in Chat',
  continueInChatDone: 'Sent to Chat',
  showRequest: 'Show Request',
  showRequestDone: 'Request Shown',
  failed: 'Failed',
  targetWholeReply: '{0} (whole reply)',
  targetBlock: '{0} (block {1})',
  codeBlockActions: 'Code block {0} actions',
  replyActions: 'Reply actions',
  moreActions: 'More Actions…',
  noReply: 'No reply to show yet.',
  image: '[image]',
  imageWithAlt: '[image: {0}]',
  lineCut: '… {0} more characters on this line (Copy takes them all)',
  shownAsText: 'This reply nests lists or quotes too deeply to format, so it is shown as plain text.',
  chatMessages: 'Messages',
  chatEmpty: 'Ask the cluster anything. Type @ to add a file, the problems, the terminal or your changes.',
  noCluster: 'No cluster',
  selectCluster: 'Select Cluster',
  conversations: 'Conversations',
  noConversations: 'No conversations yet.',
  untitledConversation: 'Untitled conversation',
  unreadReply: ', new reply',
  renameConversation: 'Rename conversation',
  deleteConversation: 'Delete conversation',
  systemPrompt: 'System prompt',
  saveSystemPrompt: 'Save',
  you: 'You',
  assistant: 'Assistant',
  messageActions: 'Message actions',
  copyMessage: 'Copy message',
  editMessage: 'Edit and resend',
  regenerate: 'Regenerate reply',
  retry: 'Retry',
  updateApiKey: 'Update API Key',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
  waitingFor: 'Waiting for {0}…',
  waitingForCluster: 'Waiting for the cluster…',
  stop: 'Stop',
  attachments: 'Attachments',
  removeAttachment: 'Remove {0}',
  addSelection: 'Attach Selection',
  addFile: 'Attach File…',
  mentionButton: 'Mention a File or Source (@)',
  messageInput: 'Message',
  inputPlaceholder: 'Ask {0} · @ to mention · / for prompts',
  inputPlaceholderNoCluster: 'Choose a cluster below · @ to mention · / for prompts',
  send: 'Send',
  editingMessage: 'Editing message — Enter to resend, Esc to cancel',
  editInNewChat: 'Send in a new chat instead',
  findInConversation: 'Find in conversation',
  findPrevious: 'Previous match (Shift+Enter)',
  findNext: 'Next match (Enter)',
  findClose: 'Close (Escape)',
  findPosition: '{0} of {1}',
  findNoResults: 'No results',
  searchConversations: 'Search conversations',
  searching: 'Searching…',
  searchFound: '{0} found',
  searchNoMatches: 'No conversation matches',
  excludeMessage: 'Exclude from what is sent',
  forkMessage: 'Continue in a new chat from here',
  reviewFile: 'Review changes in 1 file',
  reviewFiles: 'Review changes in {0} files',
  undoTurn: 'Undo changes of this turn',
  undoTurnTitle:
    'Undo changes of this turn: its files come back as they were. What the cluster’s custom actions did on its side cannot be undone.',
  excludedMark: 'excluded: not sent',
  alwaysSent: 'The newest message is always sent',
  messageExcluded: 'Message excluded from what is sent',
  messageIncluded: 'Message included in what is sent again',
  meterSize: 'Next send: ≈ {0} tokens (estimate) · {1} · {2} characters',
  meterShort: '≈ {0} tokens',
  meterWarning: 'above the warning threshold of {0} tokens',
  meterOver: 'above the limit of {0} tokens: sending asks first',
  /** The meter's tooltip: its size line, then how that size stands against a threshold. */
  meterTitle: '{0}: {1}',
  meterExplained: 'System prompt, instruction files, messages not excluded and your message. Tokens are an estimate: about 4 bytes each.',
  instructionFiles: 'Instruction files',
  instructionFilesExplained: 'The instruction files the next send carries, for the active file and the attached ones',
  turnOffInstruction: 'Turn off {0}',
  turnOnInstruction: 'Turn on',
  turnOnInstructionNamed: 'Turn on {0}',
  instructionAsksNew: 'new',
  instructionAsksChanged: 'changed',
  promptCommands: 'Prompt commands',
  promptCommandsMatching: '{0} prompt commands: Up and Down to choose, Enter to expand, Tab to add arguments',
  noPromptCommandMatches: 'No prompt command matches',
  mentions: 'Mentions',
  mentionsMatching: '{0} mentions: Up and Down to choose, Enter or Tab to attach',
  noMentionMatches: 'No file or source matches',
  attachedSent: 'Attached and sent with this message',
  showAttached: 'Show what was sent: {0}',
} as const;

export type WebviewStringKey = keyof typeof WEBVIEW_STRING_DEFAULTS;
export type WebviewStrings = Record<WebviewStringKey, string>;

/** The defaults overlaid with whatever valid strings `raw` holds (unknown keys are ignored). */
export function mergeWebviewStrings(raw: unknown): WebviewStrings {
  const strings: WebviewStrings = { ...WEBVIEW_STRING_DEFAULTS };
  if (typeof raw === 'object' && raw !== null) {
    for (const key of Object.keys(WEBVIEW_STRING_DEFAULTS) as WebviewStringKey[]) {
      const value = (raw as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.length > 0 && value.length < 500) {
        strings[key] = value;
      }
    }
  }
  return strings;
}

/** Fills `{0}`, `{1}`, … in a webview string. */
export function fillString(text: string, ...args: Array<string | number>): string {
  return text.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
