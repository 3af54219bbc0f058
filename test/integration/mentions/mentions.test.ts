import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import type { ChatMentions } from '../../../src/mentions/vscode/chatMentions';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { receivedBodiesWith } from '../helpers/emulatorRecords';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

type OptionsMessage = Extract<HostToChatMessage, { type: 'mentionOptions' }>;

const FILE_MARKER = 'MENTIONED_FILE_9c1e';
const ENV_VALUE = 'MENTION_ENV_4b2d';
const TOP = 'mentioned';

/**
 * `@` in the chat, in the real extension host: the files offered (as VS Code's search lists
 * them, without what `.clusterignore` keeps out), and what a chosen mention adds to the request
 * the emulator receives.
 */
describe('@ mentions: files and sources offered, and attached to the message sent', function () {
  this.timeout(60_000);
  const own = useChatUnderTest();
  let savedExclude: unknown;
  const diagnostics = vscode.languages.createDiagnosticCollection('mention-test');
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const write = async (name: string, text: string): Promise<void> => {
    const file = path.join(root(), TOP, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  };

  /** Mentions posting to `answers` and attaching to the chat under test. */
  const mentions = async (answers: OptionsMessage[]): Promise<ChatMentions> => {
    const { testing } = await activateExtension();
    return new testing.classes.ChatMentions(
      testing.mentions.files,
      testing.mentions.resolver,
      (content) => own.chat.attachments.add(content),
      (message) => {
        if (message.type === 'mentionOptions') {
          answers.push(message);
        }
      },
    );
  };

  before(async () => {
    await useEmulator('demo');
    const search = vscode.workspace.getConfiguration('search');
    savedExclude = search.inspect('exclude')?.globalValue;
    await search.update('exclude', { '**/generated': true }, vscode.ConfigurationTarget.Global);
    await write('.gitignore', 'dist/\n');
    await write('src/app.ts', `export const mentionedApp = '${FILE_MARKER}';\n`);
    await write('dist/bundle.js', 'built\n');
    await write('generated/schema.ts', 'export {};\n');
    await write('.env', `TOKEN=${ENV_VALUE}\n`);
    await write('big.txt', 'x'.repeat(150_000));
  });
  after(async () => {
    diagnostics.dispose();
    await vscode.workspace.getConfiguration('search').update('exclude', savedExclude, vscode.ConfigurationTarget.Global);
    await fs.rm(path.join(root(), TOP), { recursive: true, force: true });
    await stopUsingEmulator();
  });

  it('offers the files as VS Code’s search lists them: .gitignore and search.exclude count, .env is never offered', async () => {
    const answers: OptionsMessage[] = [];
    const offered = async (): Promise<string[]> => {
      await (await mentions(answers)).query(7, TOP);
      const answer = answers.at(-1);
      assert.equal(answer?.requestId, 7);
      return answer.options.filter((option) => option.kind === 'file' && option.name.startsWith(`${TOP}/`)).map((option) => option.name);
    };
    // A list made before these files were written answers the first key; the watcher has the next one list again.
    await waitFor('the files written are offered', async () => (await offered()).includes(`${TOP}/src/app.ts`));
    assert.deepEqual((await offered()).sort(), [`${TOP}/.gitignore`, `${TOP}/big.txt`, `${TOP}/src/app.ts`]);
    await (await mentions(answers)).query(8, 'menapp');
    assert.equal(answers.at(-1)?.options[0]?.name, `${TOP}/src/app.ts`, 'fuzzy, the best match first');
    await (await mentions(answers)).query(9, 'pro');
    assert.equal(answers.at(-1)?.options[0]?.kind, 'problems');
  });

  it('sends a mentioned file as a block named by its path, and regenerate resends the same bytes', async () => {
    await own.chat.newChat();
    await (await mentions([])).choose('file', `${TOP}/src/app.ts`);
    assert.deepEqual(
      own.chat.attachments.all.map((attachment) => attachment.label),
      [`${TOP}/src/app.ts`],
    );
    await own.chat.send(`What does @${TOP}/src/app.ts export? (mention marker 1)`);
    const [body] = await receivedBodiesWith('(mention marker 1)');
    assert.ok(body?.includes(`${TOP}/src/app.ts:\\n\\n\`\`\`typescript\\nexport const mentionedApp = '${FILE_MARKER}';`), body);
    await own.chat.regenerate();
    const bodies = await receivedBodiesWith('(mention marker 1)');
    assert.equal(bodies.length, 2);
    assert.equal(bodies[1], bodies[0], 'the regenerated request carries the very same bytes');
  });

  it('attaches nothing of an ignored file, and cuts a large one with a note', async () => {
    const chosen = await mentions([]);
    await chosen.choose('file', `${TOP}/.env`);
    assert.equal(own.chat.attachments.all.length, 0, '.env is not attached');
    await chosen.choose('file', `${TOP}/big.txt`);
    const [big] = own.chat.attachments.all;
    assert.ok(big?.code.endsWith('\n[cut at 100000 characters of 150000]'), big?.code.slice(-80));
    assert.equal(big?.code.length, 100_000 + '\n[cut at 100000 characters of 150000]'.length);
  });

  it('cuts a 2 MB file at the cap with the note, and sends that', async () => {
    const line = `${'y'.repeat(99)}\n`;
    await write('two-mb.log', line.repeat(20_000));
    await own.chat.newChat();
    await (await mentions([])).choose('file', `${TOP}/two-mb.log`);
    const [large] = own.chat.attachments.all;
    assert.equal(large?.code.length, 100_000 + '\n[cut at 100000 characters of 2000000]'.length);
    await own.chat.send('Summarise the log (mention marker 2)');
    const [body] = await receivedBodiesWith('(mention marker 2)');
    assert.ok(body?.includes('\\n[cut at 100000 characters of 2000000]\\n```'), body?.slice(-200));
    assert.ok((body?.length ?? 0) < 150_000, 'the request carries the cut text, not the file');
  });

  it('attaches nothing of a binary file, and says why in VS Code’s words rather than failing unseen', async () => {
    await write('logo.bin', 'PNG\u0000\u0001\u0002 binary');
    const { testing } = await activateExtension();
    await assert.rejects(testing.mentions.resolver.resolve('file', `${TOP}/logo.bin`), /binary/i);
    await (await mentions([])).choose('file', `${TOP}/logo.bin`);
    assert.equal(own.chat.attachments.all.length, 0);
  });

  it('attaches the workspace’s problems, worst first, without those of ignored files', async () => {
    const at = (line: number) => new vscode.Range(line, 0, line, 5);
    diagnostics.set(vscode.Uri.file(path.join(root(), TOP, 'src/app.ts')), [
      new vscode.Diagnostic(at(0), 'mention warning marker', vscode.DiagnosticSeverity.Warning),
      Object.assign(new vscode.Diagnostic(at(0), 'mention error marker', vscode.DiagnosticSeverity.Error), { source: 'ts' }),
    ]);
    diagnostics.set(vscode.Uri.file(path.join(root(), TOP, '.env')), [new vscode.Diagnostic(at(0), `leaked ${ENV_VALUE}`)]);
    await (await mentions([])).choose('problems', 'problems');
    const [problems] = own.chat.attachments.all;
    assert.match(problems?.label ?? '', /^problems in the workspace \(\d+\)$/);
    const lines = (problems?.code ?? '').split('\n').filter((line) => line.startsWith(`${TOP}/`));
    assert.deepEqual(lines, [
      `${TOP}/src/app.ts:1:1 error: mention error marker (ts)`,
      `${TOP}/src/app.ts:1:1 warning: mention warning marker`,
    ]);
    assert.ok(!problems?.code.includes(ENV_VALUE), 'nothing of .env, not even its problems');
  });

  it('offers the active file’s problems after the workspace’s, and attaches that file’s alone', async () => {
    const at = (line: number) => new vscode.Range(line, 0, line, 5);
    await write('src/active.ts', 'export const active = 1;\n');
    await write('src/other.ts', 'export const other = 2;\n');
    const active = vscode.Uri.file(path.join(root(), TOP, 'src/active.ts'));
    diagnostics.set(active, [new vscode.Diagnostic(at(0), 'active file marker', vscode.DiagnosticSeverity.Error)]);
    diagnostics.set(vscode.Uri.file(path.join(root(), TOP, 'src/other.ts')), [new vscode.Diagnostic(at(0), 'other file marker')]);
    await vscode.window.showTextDocument(active);
    const answers: OptionsMessage[] = [];
    const mentioned = await mentions(answers);
    const named = `problems:${TOP}/src/active.ts`;
    await waitFor('the active file’s problems to be offered after the workspace’s', async () => {
      await mentioned.query(answers.length + 1, 'prob');
      const names = answers.at(-1)?.options.map((option) => option.name) ?? [];
      return names[0] === 'problems' && names[1] === named;
    });
    await mentioned.query(answers.length + 1, 'problems:');
    assert.deepEqual(
      answers.at(-1)?.options.map((option) => option.name),
      [named],
      'alone once problems: is typed',
    );

    await mentioned.choose('problems', named);
    const [attached] = own.chat.attachments.all;
    assert.equal(attached?.label, `problems in ${TOP}/src/active.ts (1)`);
    assert.equal(attached?.code, `${TOP}/src/active.ts:1:1 error: active file marker`);
    assert.equal(attached?.uri, active.toString(), 'the instruction files that apply to it apply');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
