import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectedRequest, RequestCaller } from '../../../src/inspector/common/inspectedRequest';
import { waitFor } from '../../../scripts/workbench/wait';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { activateExtension, emulatorFromEnvironment, stopUsingEmulator, useEmulator } from '../testEnvironment';
import { useChatUnderTest } from '../helpers/chatUnderTest';

interface Received {
  readonly requestId: string;
  readonly clusterId: string | undefined;
  readonly headers: Record<string, string>;
  readonly authorizationEnding: string;
  readonly bodyBase64: string;
}

const hasProviderApi = typeof Reflect.get(vscode.lm, 'registerLanguageModelChatProvider') === 'function';

/** The text between the fence after `heading` and its closing fence (as long as the opening one). */
function fencedAfter(page: string, heading: string): string {
  const start = page.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `the page has a section “${heading}”:\n${page}`);
  const open = /\n(`{3,})[a-z]*\n/.exec(page.slice(start));
  assert.ok(open?.[1], `the section “${heading}” has a fenced block`);
  const from = start + open.index + open[0].length;
  const to = page.indexOf(`\n${open[1]}\n`, from);
  assert.ok(to >= from, 'the fence is closed');
  return page.slice(from, to);
}

function logFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('Cluster Chat.log'))
    .map((name) => path.join(folder, name));
}

describe(`Request inspector: what each caller sent, byte for byte (VS Code ${vscode.version})`, function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const ending = emulator.apiKey.slice(-4);

  before(async () => {
    await useEmulator('demo', 'Demo');
    const { testing } = await activateExtension();
    await testing.clusters.upsert({ id: 'echo', label: 'Echo' });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopUsingEmulator();
  });
  const own = useChatUnderTest();

  async function received(requestId: string | undefined): Promise<Received> {
    const response = await fetch(`${emulator.baseUrl}/_emulator/received`);
    const { requests } = (await response.json()) as { requests: Received[] };
    const found = requests.find((request) => request.requestId === requestId);
    assert.ok(found, `the emulator received request ${String(requestId)}`);
    return found;
  }

  /** The newest record, once it is the one `caller` made and it has ended. */
  async function newestOf(caller: RequestCaller, before: number | undefined): Promise<InspectedRequest> {
    const { testing } = await activateExtension();
    return waitFor(
      `a finished ${caller} request after #${String(before)}`,
      () => testing.requests.latest(),
      (record) => record !== undefined && record.id !== before && record.caller === caller && record.outcome !== 'pending',
    ) as Promise<InspectedRequest>;
  }

  /** Opens the record's page through the command, compares it with what the emulator got, and checks every view for the key. */
  async function checkInspector(record: InspectedRequest, clusterId: string): Promise<void> {
    const { testing } = await activateExtension();
    assert.equal(record.clusterId, clusterId);
    assert.equal(record.status, 200);
    const got = await received(record.requestId);
    assert.equal(got.clusterId, clusterId);

    const uri = await vscode.commands.executeCommand<vscode.Uri>('clusterChat.showRequest', record.id);
    assert.ok(uri, 'Show Request opened a page');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'the page is the active editor');
    const page = vscode.window.activeTextEditor.document.getText();
    const shownBody = Buffer.from(fencedAfter(page, 'Request body'), 'utf8');
    assert.equal(shownBody.toString('base64'), got.bodyBase64, 'the page shows the bytes the emulator received');
    assert.equal(Buffer.from(record.body).toString('base64'), got.bodyBase64, 'the record holds the bytes the emulator received');
    const headers = fencedAfter(page, 'Request headers').split('\n');
    assert.ok(headers.includes(`authorization: Bearer ••••${ending}`), headers.join('\n'));
    assert.equal(got.authorizationEnding, ending);
    for (const name of ['content-type', 'accept', 'user-agent']) {
      assert.ok(headers.includes(`${name}: ${got.headers[name] ?? '?'}`), `${name} as received: ${headers.join('\n')}`);
    }
    assert.ok(page.includes(record.requestId ?? '?'), 'the page names the request id');
    assert.ok(!page.includes(emulator.apiKey), 'the key is not on the page');

    const copied = await vscode.commands.executeCommand<string>('clusterChat.copyRequestForSupport', uri);
    assert.ok(copied?.includes(`: ${record.requestId ?? '?'}`), copied);
    assert.equal(copied.split('\n').length, 5, 'cluster, time, request id, status, duration');
    assert.ok(!copied.includes(emulator.apiKey) && !copied.includes(ending), 'no part of the key is in the copy');
    assert.equal(await vscode.env.clipboard.readText(), copied);

    const logs = await waitFor(
      `the Output channel's file names request ${record.requestId ?? '?'}`,
      () => logFiles(testing.folders.logs).map((file) => fs.readFileSync(file, 'utf8')),
      (texts) => texts.some((text) => text.includes(`request-id=${record.requestId ?? '?'}`)),
    );
    assert.ok(
      logs.every((text) => !text.includes(emulator.apiKey)),
      'the key is in no log',
    );
  }

  it('a chat turn', async () => {
    const { testing } = await activateExtension();
    const before = testing.requests.latest()?.id;
    await own.chat.newChat();
    await own.chat.send('Inspect me: naïve 日本語 😀 "quoted" `code`');
    const record = await newestOf('chat', before);
    await checkInspector(record, 'demo');

    // Show Request on the reply opens its own request's page.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const conversation = own.chat.activeConversation();
    await own.chat.codeActions.perform({ conversationId: conversation.id, index: conversation.messages.length - 1 }, 'showRequest', 'all');
    const page = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.ok(page.includes(`- **Request id:** ${record.requestId ?? '?'}\n`), page);
  });

  it('a selection action', async () => {
    const { testing } = await activateExtension();
    const before = testing.requests.latest()?.id;
    const document = await vscode.workspace.openTextDocument({ content: 'const ünïcode = "ok";\n', language: 'typescript' });
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(0, 0, 0, 22);
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    const record = await newestOf('selectionAction', before);
    await checkInspector(record, 'demo');
    assert.equal(testing.replies.last()?.inspection, record.id, 'the reply view’s Show Request opens this record');
  });

  it('@cluster', async function () {
    const { testing } = await activateExtension();
    if (!testing.participant) {
      this.skip();
    }
    const before = testing.requests.latest()?.id;
    const source = new vscode.CancellationTokenSource();
    await testing.participant.handle(
      chatRequest('What is in the request?', undefined, []),
      { history: [] },
      new RenderedResponse(),
      source.token,
    );
    source.dispose();
    await checkInspector(await newestOf('participant', before), 'demo');
  });

  it('a language model request', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const { testing } = await activateExtension();
    const before = testing.requests.latest()?.id;
    const [model] = await waitFor(
      'VS Code lists the Echo cluster as a model',
      async () => vscode.lm.selectChatModels({ vendor: 'cluster-chat', id: 'echo' }),
      (models) => models.length === 1,
    );
    assert.ok(model);
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Echo this: ✓')]);
    for await (const chunk of response.text) {
      assert.equal(typeof chunk, 'string');
    }
    await checkInspector(await newestOf('languageModel', before), 'echo');
  });

  it('an extension API call', async () => {
    const exports = await activateExtension();
    const before = exports.testing.requests.latest()?.id;
    await exports.sendConversation([{ role: 'user', content: 'From another extension' }], { clusterId: 'echo' });
    await checkInspector(await newestOf('api', before), 'echo');
  });

  it('the Ask a cluster tool', async function () {
    const { testing } = await activateExtension();
    if (!testing.askClusterTool) {
      this.skip();
    }
    const before = testing.requests.latest()?.id;
    const outcome = await vscode.commands.executeCommand<{ ok: boolean }>('clusterChatApiConsumer.invokeTool', 'clusterChat_askCluster', {
      question: 'Tool question',
      clusterId: 'echo',
    });
    assert.ok(outcome?.ok, JSON.stringify(outcome));
    await checkInspector(await newestOf('tool', before), 'echo');
  });

  it('Show Last Request opens the newest record; the log names a failed request’s record', async () => {
    const { testing } = await activateExtension();
    const before = testing.requests.latest()?.id;
    await testing.clusters.setActive('fault-500');
    try {
      await own.chat.send('This one fails');
    } finally {
      await testing.clusters.setActive('demo');
    }
    const failed = await newestOf('chat', before);
    assert.equal(failed.status, 500);
    assert.equal(failed.outcome, 'server');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('clusterChat.showLastRequest');
    assert.equal(uri?.toString(), vscode.window.activeTextEditor?.document.uri.toString());
    const page = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(fencedAfter(page, 'Reply body'), /internal_error/);
    assert.equal(Buffer.from(fencedAfter(page, 'Request body'), 'utf8').toString('base64'), (await received(failed.requestId)).bodyBase64);
    await waitFor(
      `the log names record #${failed.id} of the failed request`,
      () => logFiles(testing.folders.logs).map((file) => fs.readFileSync(file, 'utf8')),
      (texts) => texts.some((text) => text.includes(`(Show Request… #${failed.id})`)),
    );
  });
});
