import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { composeUserMessage } from '../../../src/conversations/common/conversation';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { activateExtension, clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

const PARTICIPANT = 'clusterchat.cluster';

/** VS Code's chat turn classes; their constructors are internal in the typings but real at run time. */
type Constructor<T> = new (...args: unknown[]) => T;
const RequestTurn = vscode.ChatRequestTurn as unknown as Constructor<vscode.ChatRequestTurn>;
const ResponseTurn = vscode.ChatResponseTurn as unknown as Constructor<vscode.ChatResponseTurn>;

describe(`@cluster chat participant, run with VS Code's chat objects (VS Code ${vscode.version})`, () => {
  const emulator = emulatorFromEnvironment();
  const sample = (): vscode.Uri => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace is open');
    return vscode.Uri.joinPath(folder.uri, 'sample.ts');
  };

  before(() => useEmulator('transcript', 'Transcript'));
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopUsingEmulator();
  });

  async function handle(
    request: vscode.ChatRequest,
    history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn> = [],
  ): Promise<{ result: vscode.ChatResult; rendered: RenderedResponse }> {
    const { testing } = await activateExtension();
    assert.ok(testing.participant, 'VS Code has the chat API, so @cluster is registered');
    const rendered = new RenderedResponse();
    const source = new vscode.CancellationTokenSource();
    const result = (await testing.participant.handle(request, { history }, rendered, source.token)) ?? {};
    source.dispose();
    return { result, rendered };
  }

  it('sends the chat history and the attached references, and renders the reply', async () => {
    const history = [
      new RequestTurn('What does add do?', undefined, [], PARTICIPANT, []),
      new ResponseTurn(
        [new vscode.ChatResponseMarkdownPart(new vscode.MarkdownString('It **adds** two numbers.'))],
        { metadata: { clusterId: 'transcript', sent: 'What does add do?', reply: 'It **adds** two numbers.' } },
        PARTICIPANT,
      ),
      // A failed turn: VS Code keeps it in the history, but it is not part of the conversation.
      new RequestTurn('This one failed', undefined, [], PARTICIPANT, []),
      new ResponseTurn([], { errorDetails: { message: 'The cluster service failed.' } }, PARTICIPANT),
    ];
    const selection = new vscode.Location(sample(), new vscode.Range(1, 0, 1, 16));
    const before = await clusterStats(emulator.baseUrl, 'transcript');
    const { result, rendered } = await handle(
      chatRequest('Is it safe with floats?', undefined, [
        { id: 'vscode.file', value: sample() },
        { id: 'vscode.selection', value: selection },
      ]),
      history,
    );
    assert.equal(result.errorDetails, undefined, result.errorDetails?.message);
    assert.equal(result.metadata?.['clusterId'], 'transcript');
    assert.equal(result.metadata?.['reply'], rendered.text, 'the exchange is kept for the next turn');
    const transcript = rendered.text;
    // The transcript cluster replies with exactly what it received, one "role:" block per message.
    const blocks = transcript.split(/\n\n(?=(?:system|user|assistant):\n)/);
    assert.deepEqual(
      blocks.map((block) => block.split(':\n')[0]),
      ['system', 'user', 'assistant', 'user'],
      transcript,
    );
    assert.equal(blocks[1], 'user:\nWhat does add do?');
    assert.equal(blocks[2], 'assistant:\nIt **adds** two numbers.');
    assert.match(
      blocks[3] ?? '',
      /^user:\nIs it safe with floats\?\n\nsample\.ts:\n\n```typescript\nexport function add\(a: number, b: number\): number \{\n {2}return a \+ b;\n\}\n```/,
    );
    assert.match(blocks[3] ?? '', /sample\.ts:2-2:\n\n```typescript\n {2}return a \+ b;\n```$/);
    assert.equal(rendered.references.length, 2, 'the references are listed under the reply');
    assert.ok(rendered.progressMessages.some((message) => message.includes('Transcript')));
    assert.equal((await clusterStats(emulator.baseUrl, 'transcript')).received, before.received + 1);
  });

  it('sends a file reference as the very block the sidebar’s @ mention of that file sends', async () => {
    const { testing } = await activateExtension();
    const mentioned = await testing.mentions.resolver.resolve('file', 'sample.ts');
    assert.ok('attachment' in mentioned, 'the sidebar can mention sample.ts');
    const sidebarBlock = composeUserMessage('', [{ id: 'm', ...mentioned.attachment }]);
    const { rendered } = await handle(chatRequest('Same block? (participant)', undefined, [{ id: 'vscode.file', value: sample() }]));
    const user = rendered.text.split(/\n\n(?=(?:system|user|assistant):\n)/).at(-1) ?? '';
    assert.equal(user, `user:\nSame block? (participant)\n\n${sidebarBlock}`);
  });

  it('sends to the cluster picked as the Chat view’s model rather than the active one; another vendor’s model changes nothing', async () => {
    const picked = chatRequest('Which cluster am I?', undefined, []) as vscode.ChatRequest & { model: unknown };
    const before = await clusterStats(emulator.baseUrl, 'echo');
    const { result, rendered } = await handle({ ...picked, model: { vendor: 'cluster-chat', id: 'echo' } } as vscode.ChatRequest);
    assert.equal(result.metadata?.['clusterId'], 'echo', result.errorDetails?.message);
    assert.equal(rendered.text, 'Which cluster am I?');
    assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, before.received + 1);
    const other = await handle({ ...picked, model: { vendor: 'copilot', id: 'echo' } } as vscode.ChatRequest);
    assert.equal(other.result.metadata?.['clusterId'], 'transcript', 'the active cluster answers');
  });

  it('/explain with no reference explains the editor’s selection, with the Explain instruction', async () => {
    const editor = await vscode.window.showTextDocument(sample());
    editor.selection = new vscode.Selection(0, 0, 0, 51);
    const { result, rendered } = await handle(chatRequest('', 'explain', []));
    assert.equal(result.errorDetails, undefined, result.errorDetails?.message);
    assert.match(
      rendered.text,
      /user:\nExplain what this code from sample\.ts does, step by step\.\n\nsample\.ts:1-1:\n\n```typescript\nexport function add\(a: number, b: number\): number \{\n```/,
    );
  });

  it('an error renders as a chat error with the buttons that fix it', async () => {
    const { testing } = await activateExtension();
    await testing.clusters.setActive('fault-403');
    try {
      const { result, rendered } = await handle(chatRequest('Let me in', undefined, []));
      assert.match(result.errorDetails?.message ?? '', /no access to cluster “fault-403”/);
      assert.ok(!(result.errorDetails?.message ?? '').includes(emulator.apiKey));
      assert.deepEqual(
        rendered.buttons.map((button) => button.command),
        ['clusterChat.setApiKey', 'clusterChat.showLog'],
      );
    } finally {
      await testing.clusters.setActive('transcript');
    }
  });

  it('while a request runs the status bar shows it; cancelled, it is aborted, and one cancelled before sending sends nothing', async () => {
    const { testing } = await activateExtension();
    assert.ok(testing.participant);
    await testing.clusters.setActive('slow-good');
    try {
      const before = await clusterStats(emulator.baseUrl, 'slow-good');
      const source = new vscode.CancellationTokenSource();
      const rendered = new RenderedResponse();
      const handled = Promise.resolve(
        testing.participant.handle(chatRequest('Slowly', undefined, []), { history: [] }, rendered, source.token),
      );
      await waitFor(
        'the cluster received it',
        async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 1,
      );
      assert.equal(testing.statusBar.activeRequests, 1, 'the status bar shows one request under way');
      source.cancel();
      assert.deepEqual((await handled) ?? {}, {});
      assert.equal(testing.statusBar.activeRequests, 0, 'the status bar is idle again');
      await waitFor(
        'the emulator saw it aborted',
        async () => (await clusterStats(emulator.baseUrl, 'slow-good')).aborted === before.aborted + 1,
      );

      const cancelled = new vscode.CancellationTokenSource();
      cancelled.cancel();
      await testing.participant.handle(chatRequest('Never mind', undefined, []), { history: [] }, new RenderedResponse(), cancelled.token);
      assert.equal((await clusterStats(emulator.baseUrl, 'slow-good')).received, before.received + 1, 'nothing more was sent');
      source.dispose();
      cancelled.dispose();
    } finally {
      await testing.clusters.setActive('transcript');
    }
  });

  it('/explain on a long file with nothing selected asks for a selection instead of sending it all', async () => {
    const editor = await vscode.window.showTextDocument(sample());
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const configuration = vscode.workspace.getConfiguration('clusterChat');
    await configuration.update('largeFileConfirmLines', 1, vscode.ConfigurationTarget.Global);
    try {
      const before = await clusterStats(emulator.baseUrl, 'transcript');
      const { rendered } = await handle(chatRequest('', 'explain', []));
      assert.match(rendered.text, /whole file has 4 lines/);
      assert.deepEqual(await clusterStats(emulator.baseUrl, 'transcript'), before);
    } finally {
      await configuration.update('largeFileConfirmLines', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('an empty request explains what @cluster needs instead of sending', async () => {
    const before = await clusterStats(emulator.baseUrl, 'transcript');
    const { rendered } = await handle(chatRequest('   ', undefined, []));
    assert.match(rendered.text, /Ask a question, attach code with #/);
    assert.deepEqual(await clusterStats(emulator.baseUrl, 'transcript'), before);
  });
});
