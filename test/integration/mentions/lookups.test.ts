import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import type { ChatMentions } from '../../../src/mentions/vscode/chatMentions';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { receivedBodiesWith } from '../helpers/emulatorRecords';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';
import { removeWithRepositories } from '../helpers/removeRepositories';

type Posted = Extract<HostToChatMessage, { type: 'mentionOptions' | 'mentionsAdded' }>;
type OptionsMessage = Extract<Posted, { type: 'mentionOptions' }>;
type Option = OptionsMessage['options'][number];

const TOP = 'looked-up';
const SECRET = 'LOOKUP_ENV_7f3a';
const SEARCHED = 'lookupNeedle';

/**
 * The mentions that look something up, in the real extension host: a folder's files, a symbol
 * from TypeScript's own language server, a commit of a real repository, and the lines VS Code's
 * ripgrep finds; each without what the ignore file keeps out.
 */
describe('@folder, @symbol, @commit and @search: looked up in the real workspace, attached and sent', function () {
  this.timeout(90_000);
  const own = useChatUnderTest();
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return path.join(folder.uri.fsPath, TOP);
  };
  const write = async (name: string, text: string): Promise<void> => {
    await fs.mkdir(path.dirname(path.join(root(), name)), { recursive: true });
    await fs.writeFile(path.join(root(), name), text);
  };
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root(), encoding: 'utf8' });

  let answers: Posted[] = [];
  let mentions: ChatMentions;
  const options = async (query: string): Promise<OptionsMessage> => {
    const requestId = answers.length + 1;
    await mentions.query(requestId, query);
    const answer = answers.find(
      (candidate): candidate is OptionsMessage => candidate.type === 'mentionOptions' && candidate.requestId === requestId,
    );
    assert.ok(answer, `an answer to ${query}`);
    return answer;
  };
  const lastAttached = () => own.chat.attachments.all.at(-1);

  before(async () => {
    await useEmulator('demo');
    await write(
      'src/geometry.ts',
      `/** Area of a circle. */\nexport function circleArea(radius: number): number {\n  const squared = radius * radius;\n  return Math.PI * squared; // ${SEARCHED}\n}\n`,
    );
    await write('src/names.ts', `export const ${SEARCHED} = 'first';\n`);
    await write('src/nested/deep.md', '# Deep\n');
    await write('src/.env', `TOKEN=${SECRET} ${SEARCHED}\n`);
    await write('.gitignore', 'out/\n');
    await write('out/built.js', `// ${SEARCHED}\n`);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('add', 'src/geometry.ts', '.gitignore');
    git('commit', '-q', '-m', 'Add the circle');
    await write('src/geometry.ts', `export const lookupCommitMarker = 1;\n`);
    git('add', 'src/geometry.ts', 'src/.env', '-f');
    git('commit', '-q', '-m', 'Replace the circle with a marker', '-m', 'Why the body is sent too.');
    await write(
      'src/geometry.ts',
      `/** Area of a circle. */\nexport function circleArea(radius: number): number {\n  const squared = radius * radius;\n  return Math.PI * squared; // ${SEARCHED}\n}\n`,
    );
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): { openRepository(root: vscode.Uri): Promise<unknown> } }>(
      'vscode.git',
    );
    assert.ok(extension, 'the Git extension is there');
    assert.ok(await (await extension.activate()).getAPI(1).openRepository(vscode.Uri.file(root())), 'the Git extension opened it');
  });
  beforeEach(async () => {
    const { testing } = await activateExtension();
    answers = [];
    mentions = new testing.classes.ChatMentions(
      testing.mentions.files,
      testing.mentions.resolver,
      (content) => own.chat.attachments.add(content),
      (message) => answers.push(message),
    );
  });
  after(async () => {
    await removeWithRepositories(root());
    await stopUsingEmulator();
  });

  it('offers a folder among the files, and attaches its files each in a block, without .env', async () => {
    // An earlier test may have listed the files before these were written: the first answer is that list, made again meanwhile.
    let folderOption: Option | undefined;
    await waitFor('the files written to be listed', async () => {
      folderOption = (await options('looked-up/src/')).options.find((option) => option.kind === 'folder');
      return folderOption !== undefined;
    });
    assert.deepEqual(folderOption && [folderOption.name, folderOption.kind], [`${TOP}/src/`, 'folder']);
    await mentions.choose('folder', `${TOP}/src/`);
    const folder = lastAttached();
    assert.equal(folder?.label, `folder ${TOP}/src/ (3 files)`);
    assert.deepEqual(
      [...folder.code.matchAll(/^(\S+):$/gmu)].map((match) => match[1]),
      [`${TOP}/src/geometry.ts`, `${TOP}/src/names.ts`, `${TOP}/src/nested/deep.md`],
    );
    assert.match(folder.code, /^```ts\n\/\*\* Area of a circle\. \*\/$/mu);
    assert.ok(!folder.code.includes(SECRET), 'nothing of .env');
  });

  it('lists the lines a search finds, as VS Code’s ripgrep finds them, and never an ignored file’s', async () => {
    const offered = await options(`search:${SEARCHED}`);
    assert.deepEqual(
      offered.options.map((option: Option) => [option.kind, option.name]),
      [['search', `search:${SEARCHED}`]],
    );
    assert.equal((await options('search:"two words')).options[0]?.name, 'search:"two words"');
    await mentions.choose('search', `search:${SEARCHED}`);
    const found = lastAttached();
    assert.equal(found?.label, `search: "${SEARCHED}" (2 lines in 2 files)`);
    assert.deepEqual(found.code.split('\n'), [
      `${TOP}/src/geometry.ts:4:   return Math.PI * squared; // ${SEARCHED}`,
      `${TOP}/src/names.ts:1: export const ${SEARCHED} = 'first';`,
    ]);
  });

  it('picks a commit by words of its subject or by hash, and sends it as git shows it, without .env', async () => {
    const bySubject = (await options('commit:circle')).options;
    assert.deepEqual(
      bySubject.map((option) => option.detail.split(' · ')[0]),
      ['Replace the circle with a marker', 'Add the circle'],
    );
    const newest = bySubject[0];
    assert.ok(newest?.ref !== undefined && newest.ref.includes('#'), 'the option names its repository and whole hash');
    const hash = newest.ref.split('#')[1] ?? '';
    assert.equal((await options(`commit:${hash.slice(0, 6)}`)).options[0]?.ref, newest.ref);
    await mentions.choose('commit', newest.name, newest.ref);
    const commit = lastAttached();
    assert.equal(commit?.label, `commit ${hash.slice(0, 12)}`);
    assert.match(commit.code, new RegExp(`^commit ${hash}\\nAuthor: Test <test@example.com>\\n`, 'u'));
    assert.match(commit.code, /Replace the circle with a marker\n\nWhy the body is sent too\.\n/u);
    assert.match(commit.code, /^\+export const lookupCommitMarker = 1;$/mu);
    assert.ok(!commit.code.includes(SECRET), 'the committed .env is left out of the patch');
    await mentions.choose('commit', 'commit:--output=x', `${vscode.Uri.file(root()).toString()}#--output=x`);
    assert.equal(lastAttached(), commit, 'what is not a hash attaches nothing');
  });

  it('mentions files and folders dropped on the box, and a pasted path, but nothing outside the workspace or ignored', async () => {
    await own.chat.newChat();
    const file = vscode.Uri.file(path.join(root(), 'src/names.ts')).toString();
    const folder = vscode.Uri.file(path.join(root(), 'src/nested')).toString();
    const secret = vscode.Uri.file(path.join(root(), 'src/.env')).toString();
    await mentions.dropped([file, folder, secret, 'file:///etc/hostname']);
    assert.deepEqual(
      own.chat.attachments.all.map((attachment) => attachment.label),
      [`${TOP}/src/names.ts`, `folder ${TOP}/src/nested/ (1 files)`],
    );
    assert.deepEqual(answers.at(-1), { type: 'mentionsAdded', names: [`${TOP}/src/names.ts`, `${TOP}/src/nested/`] });
    await mentions.pasted(`  ${TOP}/src/geometry.ts `);
    await mentions.pasted(path.join(root(), 'src/names.ts'));
    await mentions.pasted('not a path at all');
    await mentions.pasted(`${TOP}/src/.env`);
    assert.deepEqual(own.chat.attachments.all.map((attachment) => attachment.label).slice(2), [
      `${TOP}/src/geometry.ts`,
      `${TOP}/src/names.ts`,
    ]);
  });

  it('mentions a file a remote window drags in, named by the window’s own vscode-remote: URI', async () => {
    await own.chat.newChat();
    const remote = vscode.Uri.from({
      scheme: 'vscode-remote',
      authority: '127.0.0.1:9',
      path: vscode.Uri.file(path.join(root(), 'src/names.ts')).path,
    });
    await mentions.dropped([remote.toString()]);
    assert.deepEqual(
      own.chat.attachments.all.map((attachment) => attachment.label),
      [`${TOP}/src/names.ts`],
    );
  });

  it('finds a symbol through TypeScript’s language server, sends its whole declaration, and regenerate resends it', async () => {
    await vscode.workspace.openTextDocument(path.join(root(), 'src/geometry.ts')); // TypeScript's server starts with a file
    let symbols: readonly Option[] = [];
    await waitFor(
      'TypeScript’s server to list circleArea',
      async () => {
        symbols = (await options('symbol:circleArea')).options.filter((option) => option.name.startsWith('symbol:circleArea'));
        return symbols.length > 0;
      },
      60_000,
    );
    const [symbol] = symbols;
    assert.ok(symbol !== undefined && symbol.detail.endsWith(`${TOP}/src/geometry.ts:2`), symbol?.detail);
    assert.equal((await options('symbol:')).note !== undefined, true, 'an empty lookup says what to type');
    await own.chat.newChat();
    await mentions.choose('symbol', symbol.name, symbol.ref);
    const declared = lastAttached();
    assert.equal(declared?.label, `${TOP}/src/geometry.ts:2-5`);
    assert.equal(
      declared.code,
      `export function circleArea(radius: number): number {\n  const squared = radius * radius;\n  return Math.PI * squared; // ${SEARCHED}\n}`,
    );
    await own.chat.send('Explain @symbol:circleArea (lookup marker)');
    const [body] = await receivedBodiesWith('(lookup marker)');
    assert.ok(body?.includes(`${TOP}/src/geometry.ts:2-5:\\n\\n\`\`\`typescript\\nexport function circleArea`), body);
    await own.chat.regenerate();
    const bodies = await receivedBodiesWith('(lookup marker)');
    assert.equal(bodies[1], bodies[0], 'the regenerated request carries the very same bytes');
  });
});
