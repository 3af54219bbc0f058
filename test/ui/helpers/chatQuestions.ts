/**
 * A chat send that VS Code may stop with modal questions first: one per instruction file the user
 * has not agreed to (Send / Turn Off / Open File), then the action-phrase guard's. Each gesture
 * waits for the state it leads to and says what it saw when that state does not come.
 */
import type { Locator } from 'playwright-core';
import type { ReceivedRequest } from '../../../scripts/emulator/publicTypes';
import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';

/** A reply from the local emulator, after the questions are answered; the machine may be busy. */
const REPLY_TIMEOUT_MS = 30_000;

/**
 * The question's first words, new file or changed, at the start of a line: the guard's question names
 * "instruction files" too, and VS Code 1.100 puts the buttons' labels before the message.
 */
const INSTRUCTION_QUESTION = /^(Send the instruction file|The instruction file) /m;
const PHRASE_QUESTION = /action phrase of cluster/;

export type ChatState =
  | { readonly kind: 'instructionQuestion'; readonly text: string }
  | { readonly kind: 'phraseQuestion'; readonly text: string }
  | { readonly kind: 'reply' }
  | { readonly kind: 'notSent'; readonly text: string }
  | { readonly kind: 'waiting'; readonly dialog: string };

export interface SentTurn {
  /** The text of each instruction-file question, in the order they were asked (each answered Send). */
  readonly asked: readonly string[];
  /** How the send ended: with the reply, or stopped at the action-phrase question (left open). */
  readonly end: Extract<ChatState, { kind: 'reply' } | { kind: 'phraseQuestion' }>;
}

/** The open modal dialog, whichever asks. */
export function openDialog(workbench: Workbench): Locator {
  return workbench.page.locator('.monaco-dialog-box');
}

/**
 * Types `text` into the chat's message box and presses Enter once, then answers every question about
 * an instruction file with Send, until the reply to that message is in the chat (message
 * `replyIndex`) or the action-phrase guard asks (left open for the test to answer).
 */
export async function sendAnsweringInstructions(workbench: Workbench, text: string, replyIndex: number): Promise<SentTurn> {
  const chat = workbench.chatView();
  await chat.locator('#chat-input').fill(text);
  await waitFor(
    'the message box to hold the message',
    () => chat.locator('#chat-input').inputValue(),
    (value) => value === text,
  );
  await workbench.page.keyboard.press('Enter');
  const asked: string[] = [];
  for (;;) {
    const state = await waitFor(
      `a question, or the reply at message ${replyIndex}`,
      () => chatState(workbench, replyIndex),
      (current) =>
        current.kind !== 'waiting' && !asked.some((question) => current.kind === 'instructionQuestion' && current.text === question),
      { timeoutMs: REPLY_TIMEOUT_MS },
    );
    if (state.kind === 'reply' || state.kind === 'phraseQuestion') {
      return { asked, end: state };
    }
    if (state.kind !== 'instructionQuestion') {
      throw new Error(`the chat did not send the message: ${JSON.stringify(state)}`);
    }
    asked.push(state.text);
    await answerDialog(workbench, state.text, 'Send');
  }
}

/** Clicks `button` on the open dialog showing `text` and waits until that dialog is gone. */
export async function answerDialog(workbench: Workbench, text: string, button: string): Promise<void> {
  const dialog = openDialog(workbench);
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: new RegExp(`^${button}$`) }).click();
  await waitFor(
    `the question answered ${button} to close`,
    () => dialogText(workbench),
    (shown) => shown !== text,
  );
}

/** Cancels a question a failed test left open, so the next test of the suite starts without it. */
export async function cancelOpenDialog(workbench: Workbench): Promise<void> {
  const dialog = openDialog(workbench);
  if (await dialog.isVisible()) {
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** Where the chat's send stands: a question open, the reply there, the turn's error shown, or none yet. */
export async function chatState(workbench: Workbench, replyIndex: number): Promise<ChatState> {
  const dialog = await dialogText(workbench);
  if (dialog !== undefined && PHRASE_QUESTION.test(dialog)) {
    return { kind: 'phraseQuestion', text: dialog };
  }
  if (dialog !== undefined && INSTRUCTION_QUESTION.test(dialog)) {
    return { kind: 'instructionQuestion', text: dialog };
  }
  const chat = workbench.chatView();
  if ((await chat.locator(`li.chat-message[data-index="${replyIndex}"][data-role="assistant"]`).count()) > 0) {
    return { kind: 'reply' };
  }
  const error = chat.locator('.chat-error .chat-error-message');
  if ((await error.count()) > 0) {
    return { kind: 'notSent', text: await error.first().innerText() };
  }
  return { kind: 'waiting', dialog: dialog ?? 'no dialog' };
}

/** Waits until the turn whose reply is message `replyIndex` ended: the reply shown, or the turn's error. */
export function turnEnded(workbench: Workbench, replyIndex: number): Promise<ChatState> {
  return waitFor(
    'the reply in the chat',
    () => chatState(workbench, replyIndex),
    (state) => state.kind === 'reply' || state.kind === 'notSent',
    { timeoutMs: 30_000 },
  );
}

/** The text the open modal dialog shows (message and detail), or undefined when none is open. */
export async function dialogText(workbench: Workbench): Promise<string | undefined> {
  const dialog = openDialog(workbench);
  if ((await dialog.count()) === 0 || !(await dialog.first().isVisible())) {
    return undefined;
  }
  return (await dialog.first().innerText()).replace(/\u00a0/g, ' ');
}

/** The bodies the emulator received that hold `marker` (a text one test sends), as raw text and parsed. */
export function bodiesWith(
  received: readonly ReceivedRequest[],
  marker: string,
): Array<{ readonly raw: string; readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }> }> {
  return received.flatMap((request) => {
    const raw = Buffer.from(request.bodyBase64, 'base64').toString('utf8');
    if (!raw.includes(marker)) {
      return [];
    }
    const body = JSON.parse(raw) as { content: { messages: Array<{ role: string; content: string }> } };
    return [{ raw, messages: body.content.messages }];
  });
}
