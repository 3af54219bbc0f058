import type { ChatToHostMessage } from '../common/chatProtocol';

/**
 * The `data-command` buttons of the chat view and what each asks of the host. `toggleHistory`
 * is handled in the view itself.
 */
export const CHAT_COMMANDS = [
  'selectCluster',
  'newChat',
  'toggleHistory',
  'exportMarkdown',
  'exportJson',
  'addSelection',
  'addFile',
] as const;
export type ChatCommand = (typeof CHAT_COMMANDS)[number];

export function isChatCommand(value: unknown): value is ChatCommand {
  return typeof value === 'string' && (CHAT_COMMANDS as readonly string[]).includes(value);
}

/** The message a command posts, or undefined for the ones the view handles alone. */
export function commandMessage(command: ChatCommand): ChatToHostMessage | undefined {
  switch (command) {
    case 'selectCluster':
      return { type: 'selectCluster' };
    case 'newChat':
      return { type: 'newChat' };
    case 'exportMarkdown':
      return { type: 'export', format: 'markdown' };
    case 'exportJson':
      return { type: 'export', format: 'json' };
    case 'addSelection':
      return { type: 'addSelection' };
    case 'addFile':
      return { type: 'addFile' };
    case 'toggleHistory':
      return undefined;
  }
}
