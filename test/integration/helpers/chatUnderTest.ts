import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChatController } from '../../../src/chat/vscode/chatController';
import { activateExtension } from '../testEnvironment';
import { MemoryMemento } from './memoryMemento';
import type { AskAboutPhrases } from '../../../src/guards/vscode/actionPhraseGuard';
import type { AskAboutSecrets } from '../../../src/guards/vscode/secretGuard';
import type { AskInstruction } from '../../../src/instructions/vscode/instructionApprovals';
import { PromptInsertions } from '../../../src/promptFiles/vscode/promptInsertions';

/** A suite that puts no instruction file in the workspace is never asked about one. */
const noPhraseExpected: AskAboutPhrases = (question) =>
  Promise.reject(new Error(`unexpected action phrase ${question.matches[0]?.phrase ?? ''} in ${question.matches[0]?.source ?? ''}`));
const noInstructionExpected: AskInstruction = (question) => Promise.reject(new Error(`unexpected question about ${question.source}`));
const noSecretExpected: AskAboutSecrets = (question) =>
  Promise.reject(new Error(`unexpected credential ${question.secrets[0]?.preview ?? ''} (${question.secrets[0]?.kind ?? ''})`));

/** The chat controller a test drives, and the folder where it keeps its conversations. */
export interface ChatUnderTest {
  readonly chat: ChatController;
  readonly conversationsFolder: string;
}

/**
 * Gives each test of the suite a chat controller of its own, as mocha hooks: constructed with a fresh
 * conversation folder under the system's temporary folder, an in-memory Memento and a log of its own,
 * and the extension's pipeline, clusters and reply actions; disposed after the test, its folder removed.
 * The extension's own chat (its view, its saved conversations) is left as it was.
 */
export function useChatUnderTest(
  options: {
    readonly askInstruction?: AskInstruction;
    readonly askAboutPhrases?: AskAboutPhrases;
    readonly askAboutSecrets?: AskAboutSecrets;
    /** The expansions the chat's send is told of; a test that expands a prompt records into its own. */
    readonly promptInsertions?: PromptInsertions;
  } = {},
): ChatUnderTest {
  let current: { readonly chat: ChatController; readonly folder: string; readonly log: vscode.LogOutputChannel } | undefined;
  beforeEach('construct a chat controller with a fresh conversation folder', async () => {
    const { testing } = await activateExtension();
    const { ChatController, ConversationLogFiles, WorkspaceInstructions, InstructionApprovals, ActionPhraseGuard, SecretGuard } =
      testing.classes;
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cluster-chat-conversations-'));
    const log = vscode.window.createOutputChannel('Cluster Chat (chat under test)', { log: true });
    const files = new ConversationLogFiles(folder);
    const approvals = new InstructionApprovals(new MemoryMemento(), options.askInstruction ?? noInstructionExpected);
    const instructions = new WorkspaceInstructions(testing.instructionFiles, approvals, testing.userFolder);
    const phraseGuard = new ActionPhraseGuard(() => testing.clusters.active(), options.askAboutPhrases ?? noPhraseExpected);
    const secretGuard = new SecretGuard(new MemoryMemento(), options.askAboutSecrets ?? noSecretExpected);
    const chat = new ChatController(files, new MemoryMemento(), testing.pipeline, testing.clusters, testing.replyActions, log, {
      instructions,
      phraseGuard,
      secretGuard,
      promptInsertions: options.promptInsertions ?? new PromptInsertions(),
    });
    current = { chat, folder, log };
  });
  afterEach('dispose the chat controller and remove its folder', async () => {
    const done = current;
    current = undefined;
    if (done) {
      done.chat.dispose();
      done.log.dispose();
      await fs.rm(done.folder, { recursive: true, force: true, maxRetries: 3 });
    }
  });
  const constructed = (): NonNullable<typeof current> => {
    if (!current) {
      throw new Error('the chat under test is there only while a test runs (useChatUnderTest constructs it in beforeEach)');
    }
    return current;
  };
  return {
    get chat() {
      return constructed().chat;
    },
    get conversationsFolder() {
      return constructed().folder;
    },
  };
}
