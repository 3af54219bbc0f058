import type { ChatToHostMessage } from '../../common/chatProtocol';
import { MAX_DROPPED } from '../../../mentions/common/mentionOptions';

/** What VS Code puts on a drag from the Explorer or an editor tab, and what other apps put on a drag of files. */
const URI_TYPES = ['application/vnd.code.uri-list', 'text/uri-list', 'resourceurls'] as const;

/** The URIs a drag carries, each once, at most MAX_DROPPED. */
export function urisOf(data: Pick<DataTransfer, 'getData' | 'types'>): string[] {
  const uris: string[] = [];
  for (const type of URI_TYPES) {
    const raw = data.types.includes(type) ? data.getData(type) : '';
    if (raw === '') {
      continue;
    }
    uris.push(...(type === 'resourceurls' ? jsonStrings(raw) : raw.split(/\r?\n/u).filter((line) => line !== '' && !line.startsWith('#'))));
  }
  return [...new Set(uris.map((uri) => uri.trim()))].filter((uri) => uri !== '').slice(0, MAX_DROPPED);
}

/** A pasted text that may name a file: one line without white space, with a slash, a backslash or a dot in it. */
export function looksLikePath(text: string): boolean {
  const trimmed = text.trim().replace(/^(["'`])(.*)\1$/u, '$2');
  return trimmed.length > 0 && trimmed.length <= 4096 && !/\s/u.test(trimmed) && /[/\\.]/u.test(trimmed);
}

function jsonStrings(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return []; // not VS Code's list: nothing to take from it
  }
}

/**
 * Files dropped on the message box become mentions: their URIs go to the host, which attaches
 * the workspace's ones and answers with their names for the box. A pasted line that looks like a
 * path is pasted as it is, and the host attaches the file it names, if it is one of the workspace.
 */
export function acceptDroppedPaths(box: HTMLElement, input: HTMLTextAreaElement, post: (message: ChatToHostMessage) => void): void {
  const carriesUris = (event: DragEvent): boolean => URI_TYPES.some((type) => event.dataTransfer?.types.includes(type) === true);
  box.addEventListener('dragover', (event) => {
    if (carriesUris(event)) {
      event.preventDefault(); // only then does the browser let it drop here
      box.classList.add('is-drop-target');
    }
  });
  box.addEventListener('dragleave', () => box.classList.remove('is-drop-target'));
  box.addEventListener('drop', (event) => {
    box.classList.remove('is-drop-target');
    const uris = event.dataTransfer ? urisOf(event.dataTransfer) : [];
    if (uris.length > 0) {
      event.preventDefault();
      input.focus();
      post({ type: 'dropUris', uris });
    }
  });
  input.addEventListener('paste', (event) => {
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    if (looksLikePath(pasted)) {
      post({ type: 'pastedPath', text: pasted.trim() });
    }
  });
}
