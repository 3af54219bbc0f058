import { mountChatView } from '../../chat/browser/chatView';
import { mountReplyView } from '../../replies/browser/replyView';
import { useStrings } from './strings';
import type { ViewFactory } from './view';
import { getVsCodeApi } from './vscodeApi';
import { registerLanguagesWhenIdle } from '../../markdown/browser/highlight';

/**
 * Entry of the webview bundle. It runs inside VS Code's webview sandbox, shows the view named by
 * `<body data-view="…">` and talks to the extension host only through postMessage.
 */

const VIEWS: Readonly<Record<string, ViewFactory>> = {
  reply: mountReplyView,
  chat: mountChatView,
};

/** The host's localized texts, from the shell's data-strings attribute (English if absent). */
function readStrings(): unknown {
  try {
    return JSON.parse(document.body.dataset['strings'] ?? 'null') as unknown;
  } catch {
    return undefined;
  }
}

function start(): void {
  useStrings(readStrings());
  const name = document.body.dataset['view'] ?? '';
  const factory = Object.hasOwn(VIEWS, name) ? VIEWS[name] : undefined;
  if (!factory) {
    console.error(`Cluster Chat: unknown webview view "${name}"`);
    return;
  }
  const root = document.createElement('div');
  root.className = `view view-${name}`;
  document.body.append(root);
  const view = factory(root);

  window.addEventListener('message', (event: MessageEvent<unknown>) => view.receive(event.data));
  getVsCodeApi().postMessage({ type: 'ready' });
  registerLanguagesWhenIdle();
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
