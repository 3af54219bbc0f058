import { requestedAction, runAction, type ActionContext } from './customActions';
import { type CodeBlock, declaredNames, fenceFor, findCodeBlocks, languageName, lineCount, reviewCode } from './codeBlocks';
import { commitMessageReply } from './commitMessageReply';
import { lastUserMessage } from './conversation';
import { blockquote, excerpt, inlineCode, list, plural } from './markdownText';
import type { Message } from '../publicTypes';

const INTENTS = [
  { name: 'Explain', pattern: /\bexplain/i },
  { name: 'Refactor', pattern: /\brefactor/i },
  { name: 'Fix', pattern: /\bfix/i },
  { name: 'Write Tests', pattern: /\btests?\b/i },
] as const;

type Intent = (typeof INTENTS)[number]['name'];

/**
 * The deterministic demo answer to a conversation: about the code when the last user message
 * holds fenced code, a short friendly answer otherwise, plus the output of a requested action.
 */
export function demoReply(clusterId: string, messages: readonly Message[], context: ActionContext): string {
  const question = lastUserMessage(messages);
  const main =
    question === undefined
      ? `Cluster ${inlineCode(clusterId)} found no user message in this conversation, so there is nothing to answer yet.`
      : answer(clusterId, question, messages);
  return withAction(main, messages, context);
}

/**
 * Appends the output of `run action: <name>` as a quoted block, when a message the client wrote asks
 * for one: the last user message first, else the system message or an earlier user message, as a
 * real cluster fires its actions on a phrase anywhere in the conversation. The cluster's own replies
 * are left out, since the demo replies name the phrases as a hint.
 */
export function withAction(text: string, messages: readonly Message[], context: ActionContext): string {
  const written = messages.filter((message) => message.role !== 'assistant').map((message) => message.content);
  const name = requestedAction(lastUserMessage(messages) ?? '') ?? written.map(requestedAction).find((found) => found !== undefined);
  if (name === undefined) {
    return text;
  }
  const result = runAction(name, messages, context);
  return `${text}\n\n${blockquote(`**Action ${inlineCode(result.name)}**\n${result.output}`)}`;
}

function answer(clusterId: string, question: string, messages: readonly Message[]): string {
  const blocks = findCodeBlocks(question);
  const diff = blocks.find((block) => block.language === 'diff');
  if (diff && /\bcommit message\b/i.test(question)) {
    return commitMessageReply(diff);
  }
  return blocks.length === 0 ? friendlyAnswer(clusterId, question, messages) : codeAnswer(clusterId, question, blocks);
}

function friendlyAnswer(clusterId: string, question: string, messages: readonly Message[]): string {
  const hasSystem = messages.some((message) => message.role === 'system');
  return [
    `Hello from cluster ${inlineCode(clusterId)}! You asked:`,
    blockquote(excerpt(question, 200)),
    `I received ${plural(messages.length, 'message')}, ${hasSystem ? 'including a system prompt' : 'without a system prompt'}. ` +
      'This is a deterministic demo reply from the local cluster emulator: the same conversation always gets the same answer.',
    'Send code in a fenced block to get a review, or add `run action: word-count` or `run action: create-ticket` to try a custom action.',
  ].join('\n\n');
}

function codeAnswer(clusterId: string, question: string, blocks: readonly CodeBlock[]): string {
  const intents = INTENTS.filter((intent) => intent.pattern.test(question)).map((intent) => intent.name);
  const asked =
    intents.length === 0
      ? 'Your request mentions none of Explain, Refactor, Fix or Write Tests, so here is a general review.'
      : `Your request mentions: ${intents.join(', ')}.`;
  const parts = [`Cluster ${inlineCode(clusterId)} looked at ${plural(blocks.length, 'code block')}. ${asked}`];
  blocks.forEach((block, index) => parts.push(blockSection(clusterId, block, index, blocks.length, intents)));
  return parts.join('\n\n');
}

function blockSection(clusterId: string, block: CodeBlock, index: number, count: number, intents: readonly Intent[]): string {
  const language = languageName(block.language);
  const names = declaredNames(block);
  const title = `${count > 1 ? `${index + 1}. ` : ''}${language}, ${plural(lineCount(block.code), 'line')}`;
  const found =
    names === undefined
      ? 'Function and class names are only looked for in JavaScript, TypeScript and Python.'
      : names.length === 0
        ? 'It declares no functions or classes.'
        : `It declares ${list(names.map(inlineCode))}.`;
  const reviewed = reviewCode(block, clusterId);
  const fence = fenceFor(reviewed);
  const notes = intents.map((intent) => `- **${intent}:** ${intentNote(intent, block, names ?? [])}`);
  return [
    `### ${title}`,
    found,
    ...(notes.length > 0 ? [notes.join('\n')] : []),
    'Reviewed version (trailing whitespace trimmed, tabs replaced by two spaces):',
    `${fence}${block.language}\n${reviewed}\n${fence}`,
  ].join('\n\n');
}

function intentNote(intent: Intent, block: CodeBlock, names: readonly string[]): string {
  switch (intent) {
    case 'Explain':
      return `the ${languageName(block.language)} code runs top to bottom${
        names.length > 0 ? ` and defines ${list(names.map(inlineCode))}` : ''
      }; a real cluster would walk through each step.`;
    case 'Refactor':
      return 'the reviewed version below only normalises whitespace, so behaviour is unchanged.';
    case 'Fix':
      return possibleIssues(block);
    case 'Write Tests': {
      const functions = names.filter((name) => name.startsWith('function ')).map((name) => name.slice(9));
      return functions.length === 0
        ? 'one test per behaviour: a typical input, an edge case and an invalid input.'
        : `for ${list(functions.map(inlineCode))}, test a typical input, an edge case (empty or zero) and an invalid input.`;
    }
  }
}

function possibleIssues(block: CodeBlock): string {
  const language = languageName(block.language);
  const script = language === 'JavaScript' || language === 'TypeScript';
  const checks: ReadonlyArray<[boolean, RegExp, string]> = [
    [script, /[^=!<>]==[^=]/, 'uses `==` where `===` is safer'],
    [script, /\bvar\s/, 'uses `var`; prefer `const` or `let`'],
    [language === 'Python', /^\s*except\s*:/m, 'has a bare `except:` that hides errors'],
    [true, /\bTODO\b/, 'has a TODO left in it'],
    [true, /[ \t]+$/m, 'has trailing whitespace (removed below)'],
    [true, /\t/, 'contains tabs (replaced below)'],
  ];
  const found = checks.filter(([applies, pattern]) => applies && pattern.test(block.code)).map(([, , text]) => text);
  return found.length === 0 ? 'no obvious problems found by simple checks.' : `the code ${list(found)}.`;
}
