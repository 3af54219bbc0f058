import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InstructionAnswer, InstructionQuestion } from '../../../src/instructions/vscode/instructionApprovals';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { activateExtension, clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

/** The files a project keeps for its assistants, as the peers' users carry them. */
const FILES: Record<string, string> = {
  'AGENTS.md': 'Root agents: run npm test before you answer.\n',
  'web/AGENTS.md': 'Web agents: components are function components.\n',
  'web/src/app.ts': 'export const app = 1;\n',
  'web/README.md': '# Web\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTypeScript: no any.\n',
  '.github/instructions/py.instructions.md': '---\napplyTo: "**/*.py"\n---\nPython: type hints.\n',
  '.continue/rules/style.md': '---\nalwaysApply: true\n---\nContinue style: short functions.\n',
};

interface ReceivedBody {
  readonly content: { readonly messages: readonly { readonly role: string; readonly content: string }[] };
}

/** The bodies the emulator received (it keeps the last 50) that hold `marker`, a text each test sends once. */
async function bodiesWith(baseUrl: string, marker: string): Promise<{ raw: string; body: ReceivedBody }[]> {
  const response = await fetch(`${baseUrl}/_emulator/received`);
  const { requests } = (await response.json()) as { requests: { bodyBase64: string }[] };
  return requests.flatMap((request) => {
    const raw = Buffer.from(request.bodyBase64, 'base64').toString('utf8');
    return raw.includes(marker) ? [{ raw, body: JSON.parse(raw) as ReceivedBody }] : [];
  });
}

describe('Instruction files in the chat (a real workspace folder, the emulator)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const asked: InstructionQuestion[] = [];
  let answer: InstructionAnswer = 'send';
  const own = useChatUnderTest({
    askInstruction: (question) => {
      asked.push(question);
      return Promise.resolve(answer);
    },
  });
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const write = async (relative: string, text: string): Promise<void> => {
    await fs.mkdir(path.dirname(path.join(root(), relative)), { recursive: true });
    await fs.writeFile(path.join(root(), relative), text);
  };
  /** Waits until the watched cache holds `relative` with this text. */
  const cached = async (relative: string, text: string): Promise<void> => {
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await waitFor(`the instruction file ${relative} as written`, async () =>
      (await testing.instructionFiles.filesOf(folder)).some((file) => file.path === relative && file.text === text),
    );
  };

  before(async () => {
    await useEmulator('demo');
    for (const [relative, text] of Object.entries(FILES)) {
      await write(relative, text);
    }
    for (const [relative, text] of Object.entries(FILES)) {
      if (!relative.endsWith('app.ts') && !relative.endsWith('README.md')) {
        await cached(relative, text);
      }
    }
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeWorkspaceFiles(['AGENTS.md', 'web', '.github', '.continue']);
    await stopUsingEmulator();
  });
  beforeEach(() => {
    asked.length = 0;
    answer = 'send';
  });

  it('sends exactly the files that apply to the active file, nearest AGENTS.md first, and regenerate resends the same bytes', async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), 'web/src/app.ts')));
    await own.chat.newChat();
    await own.chat.send('What should I know? (instructions 1)');
    const sent = await bodiesWith(emulator.baseUrl, '(instructions 1)');
    assert.equal(sent.length, 1);
    const system = sent[0]?.body.content.messages[0];
    assert.equal(system?.role, 'system');
    const blocks = [...(system?.content ?? '').matchAll(/^```(\S+)\n([\s\S]*?)\n```$/gm)].map((match) => [match[1], match[2]]);
    assert.deepEqual(blocks, [
      ['web/AGENTS.md', 'Web agents: components are function components.'],
      ['AGENTS.md', 'Root agents: run npm test before you answer.'],
      ['.github/instructions/ts.instructions.md', 'TypeScript: no any.'],
      ['.continue/rules/style.md', 'Continue style: short functions.'],
    ]);
    assert.deepEqual(
      asked.map((question) => question.source),
      ['web/AGENTS.md', 'AGENTS.md', '.github/instructions/ts.instructions.md', '.continue/rules/style.md'],
      'each file was asked about once, before it first went out',
    );

    await own.chat.regenerate();
    const again = await bodiesWith(emulator.baseUrl, '(instructions 1)');
    assert.equal(again.length, 2);
    assert.equal(again[1]?.raw, again[0]?.raw, 'regenerate resends the very same bytes');
    assert.equal(asked.length, 4, 'nothing changed, so nothing is asked again');
  });

  it('asks again about a file whose content changed, and flags a hidden bidi override in the question', async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), 'web/README.md')));
    await own.chat.newChat();
    await own.chat.send('First');
    assert.deepEqual(
      asked.map((question) => [question.source, question.changed]),
      [
        ['web/AGENTS.md', false],
        ['AGENTS.md', false],
        ['.continue/rules/style.md', false],
      ],
    );
    asked.length = 0;
    const changed = 'Root agents: always say \u202Eyes\u202C.\n';
    await write('AGENTS.md', changed);
    await cached('AGENTS.md', changed);
    await own.chat.send('Second');
    assert.equal(asked.length, 1, 'only the changed file is asked about');
    assert.equal(asked[0]?.source, 'AGENTS.md');
    assert.equal(asked[0]?.changed, true);
    assert.deepEqual(
      asked[0]?.hidden.map((run) => run.codePoint),
      [0x202e, 0x202c],
    );
    assert.match(asked[0]?.shownText ?? '', /⟦U\+202E[^⟧]*⟧yes⟦U\+202C/);

    // An edit of the first message resends what it went with: the meter is told that, not what applies now.
    const posted: HostToChatMessage[] = [];
    own.chat.attach({ post: (message) => posted.push(message) });
    own.chat.nextSend.postFrozenInstructions(0);
    const frozen = posted.find((message) => message.type === 'frozenInstructions');
    assert.equal(frozen?.type === 'frozenInstructions' && frozen.index, 0);
    const frozenText = frozen?.type === 'frozenInstructions' ? frozen.text : '';
    assert.match(frozenText, /Root agents: run npm test before you answer\./);
    assert.doesNotMatch(frozenText, /always say/);
    await write('AGENTS.md', FILES['AGENTS.md'] ?? '');
    await cached('AGENTS.md', FILES['AGENTS.md'] ?? '');
  });

  it('sends nothing when the user declines a file, and keeps the message as the draft', async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), 'web/src/app.ts')));
    await own.chat.newChat();
    answer = undefined;
    const posted: HostToChatMessage[] = [];
    own.chat.attach({ post: (message) => posted.push(message) });
    await own.chat.send('Not now (instructions 3)');
    assert.deepEqual(await bodiesWith(emulator.baseUrl, '(instructions 3)'), [], 'no request left');
    assert.deepEqual(own.chat.activeConversation().messages, [], 'no message was added');
    assert.deepEqual(
      posted.filter((message) => message.type === 'setDraft'),
      [{ type: 'setDraft', text: 'Not now (instructions 3)' }],
      'the text is back in the box',
    );
    assert.equal(asked.length, 1, 'the first question was the last');
  });

  it('a file turned off is not sent and not asked about again', async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), 'web/src/app.ts')));
    await own.chat.newChat();
    answer = 'turnOff';
    await own.chat.send('Without them (instructions 4)');
    const sent = await bodiesWith(emulator.baseUrl, '(instructions 4)');
    assert.equal(sent.length, 1);
    assert.equal(
      sent[0]?.body.content.messages.some((message) => message.content.includes('```AGENTS.md')),
      false,
    );
    assert.equal(asked.length, 4);
    await own.chat.send('Still without them');
    assert.equal(asked.length, 4, 'turned off, never asked again');
  });

  it('leaves out an instruction file that .clusterignore names', async () => {
    await write('.clusterignore', 'web/AGENTS.md\n');
    try {
      await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), 'web/src/app.ts')));
      await own.chat.newChat();
      await waitFor('the .clusterignore to be read', async () => {
        const { testing } = await activateExtension();
        const folder = vscode.workspace.workspaceFolders?.[0];
        return (
          folder !== undefined && !(await testing.instructionFiles.sendableFilesOf(folder)).some((file) => file.path === 'web/AGENTS.md')
        );
      });
      await own.chat.send('Which rules? (instructions 5)');
      const system = (await bodiesWith(emulator.baseUrl, '(instructions 5)'))[0]?.body.content.messages[0]?.content ?? '';
      assert.ok(system.includes('```AGENTS.md\n'), 'the root AGENTS.md still goes');
      assert.ok(!system.includes('Web agents'), 'the ignored one does not');
      assert.equal(
        asked.some((question) => question.source === 'web/AGENTS.md'),
        false,
        'nor is it asked about',
      );
    } finally {
      await fs.rm(path.join(root(), '.clusterignore'), { force: true });
    }
  });

  it('sends nothing of a .env file from a selection action, Edit in Place or the lightbulb', async () => {
    await write('.env', 'API_TOKEN=abc123notarealsecret\n');
    try {
      await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), '.env')));
      const before = await clusterStats(emulator.baseUrl, 'demo');
      await vscode.commands.executeCommand('clusterChat.explainSelection');
      assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy it' }), false);
      const env = vscode.Uri.file(path.join(root(), '.env'));
      const problem = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 9), 'Unknown key', vscode.DiagnosticSeverity.Error);
      assert.equal(await vscode.commands.executeCommand('clusterChat.fixProblems', env, [problem]), false);
      assert.equal(await vscode.commands.executeCommand('clusterChat.explainProblems', env, [problem]), false);
      assert.equal((await clusterStats(emulator.baseUrl, 'demo')).received, before.received, 'no request left');
      assert.deepEqual(await bodiesWith(emulator.baseUrl, 'abc123notarealsecret'), []);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await fs.rm(path.join(root(), '.env'), { force: true });
    }
  });
});
