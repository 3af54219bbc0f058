// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the language modules' declarations, also for the host tsconfig that compiles this file for tests
/// <reference path="./highlightLanguages.d.ts" />
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * Syntax highlighting for code blocks: a fixed set of common languages, no auto-detection.
 * Output is HTML made only of escaped text and `<span class="hljs-…">` elements.
 */

const LANGUAGES = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};

/** Languages not yet registered with highlight.js, in the order idle time registers them. */
const unregistered = Object.entries(LANGUAGES);
let aliasesRegistered = false;

function registerNext(): void {
  const next = unregistered.shift();
  if (next) {
    hljs.registerLanguage(next[0], next[1]);
  }
  if (unregistered.length === 0 && !aliasesRegistered) {
    hljs.registerAliases(['shell', 'console', 'shellscript'], { languageName: 'bash' });
    aliasesRegistered = true;
  }
}

function ensureRegistered(): void {
  while (!aliasesRegistered) {
    registerNext();
  }
}

/**
 * Registers the languages one a task while the page is idle: all of them at once costs the first
 * reply with code a task of about 20 ms on a cold page, on top of rendering it.
 */
export function registerLanguagesWhenIdle(): void {
  const step = (): void => {
    registerNext();
    if (!aliasesRegistered) {
      idle(step);
    }
  };
  idle(step);
}

function idle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(callback, { timeout: 1000 });
  } else {
    setTimeout(callback, 0);
  }
}

/** True when `language` (a fence language or alias) is highlighted. */
export function isHighlighted(language: string): boolean {
  ensureRegistered();
  return language !== '' && hljs.getLanguage(language) !== undefined;
}

/**
 * The code as HTML: highlighted when the language is known, else escaped plain text.
 * `escape` is the escaping used for plain text.
 */
export function highlightCode(code: string, language: string, escape: (text: string) => string): string {
  if (!isHighlighted(language)) {
    return escape(code);
  }
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return escape(code);
  }
}
