import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  activateExtension,
  clusterStats,
  emulatorFromEnvironment,
  emulatorStats,
  NOT_SENT_CLUSTER_ID,
  stopUsingEmulator,
  UNSENDABLE_CLUSTER_IDS,
  useEmulator,
  waitForClusterCount,
  withClustersInSettings,
} from '../testEnvironment';

const TOOL = 'clusterChat_askCluster';

/** What the fixture extension's invokeTool command reports (plain JSON). */
type ToolOutcome =
  | { readonly ok: true; readonly text: string; readonly parts: number }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string } };

async function invokeFromConsumer(input: object): Promise<ToolOutcome> {
  const outcome = await vscode.commands.executeCommand<ToolOutcome>('clusterChatApiConsumer.invokeTool', TOOL, input);
  assert.ok(outcome, 'the consumer extension answered');
  return outcome;
}

describe(`"Ask a cluster" language model tool, called by another extension (VS Code ${vscode.version})`, () => {
  const emulator = emulatorFromEnvironment();

  before(async () => {
    await useEmulator('demo', 'Demo');
    const { testing } = await activateExtension();
    await testing.clusters.upsert({ id: 'echo', label: 'Echo' });
    await testing.clusters.upsert({ id: 'slow-good', label: 'Slow reply' });
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('clusterChat')
      .update('tool.clustersWithoutConfirmation', undefined, vscode.ConfigurationTarget.Global);
    await stopUsingEmulator();
  });

  it('is listed with its input schema, and vscode.lm.invokeTool gets the cluster’s reply from exactly one POST', async () => {
    const tools =
      await vscode.commands.executeCommand<Array<{ name: string; inputSchema: { required?: string[] } | null }>>(
        'clusterChatApiConsumer.tools',
      );
    const listed = tools?.find((tool) => tool.name === TOOL);
    assert.ok(listed, `${TOOL} is among vscode.lm.tools: ${JSON.stringify(tools?.map((tool) => tool.name))}`);
    assert.deepEqual(listed.inputSchema?.required, ['question']);

    const before = await clusterStats(emulator.baseUrl, 'echo');
    const outcome = await invokeFromConsumer({
      question: 'What does add do?',
      clusterId: 'echo',
      context: 'function add(a, b) { return a + b; }',
    });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    // The echo cluster replies with the last user message verbatim: the question, then the context.
    assert.equal(outcome.text, 'What does add do?\n\nfunction add(a, b) { return a + b; }');
    assert.equal(outcome.parts, 1);
    const after = await clusterStats(emulator.baseUrl, 'echo');
    assert.equal(after.received, before.received + 1, 'exactly one POST');
    assert.equal(after.completed, before.completed + 1);
    assert.ok(!JSON.stringify(outcome).includes(emulator.apiKey), 'the key is in no tool result');
  });

  it('without a clusterId asks the active cluster', async () => {
    const before = await clusterStats(emulator.baseUrl, 'demo');
    const outcome = await invokeFromConsumer({ question: 'Say hello' });
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.ok(outcome.text.length > 0);
    assert.equal((await clusterStats(emulator.baseUrl, 'demo')).received, before.received + 1);
  });

  it('asks for confirmation naming the cluster and its custom actions, unless the cluster is listed in the setting', async () => {
    const { testing } = await activateExtension();
    assert.ok(testing.askClusterTool, 'VS Code has the tool API, so the tool is registered');
    const prepare = () =>
      testing.askClusterTool?.prepareInvocation({ input: { question: 'Create a ticket for the bug', clusterId: 'echo' } });
    const prepared = prepare();
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'a confirmation is asked by default');
    const markdown = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.doesNotMatch(markdown, /&nbsp;/, 'the text wraps');
    const text = markdown.replace(/\\(.)/g, '$1');
    assert.match(confirmation.title, /Echo/);
    assert.match(text, /“Echo” \(echo\)/);
    assert.match(text, /custom actions, which can change things/);
    assert.match(text, /Create a ticket for the bug/);

    await vscode.workspace
      .getConfiguration('clusterChat')
      .update('tool.clustersWithoutConfirmation', ['echo'], vscode.ConfigurationTarget.Global);
    try {
      const trusted = prepare();
      assert.equal(trusted?.confirmationMessages, undefined, 'a listed cluster is called without asking');
      const invocation = trusted?.invocationMessage;
      assert.match(typeof invocation === 'string' ? invocation : (invocation?.value ?? ''), /Asking Echo/);
    } finally {
      await vscode.workspace
        .getConfiguration('clusterChat')
        .update('tool.clustersWithoutConfirmation', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('cancelling the caller’s token aborts the HTTP request', async () => {
    const { testing } = await activateExtension();
    const before = await clusterStats(emulator.baseUrl, 'slow-good');
    const invoking = invokeFromConsumer({ question: 'Take your time', clusterId: 'slow-good' });
    await waitForClusterCount(emulator.baseUrl, 'slow-good', 'received', before.received + 1);
    assert.equal(testing.statusBar.activeRequests, 1, 'the request runs through the pipeline: the status bar shows it');
    await vscode.commands.executeCommand('clusterChatApiConsumer.cancel');
    const outcome = await invoking;
    assert.ok(!outcome.ok, JSON.stringify(outcome));
    assert.match(outcome.error.name + outcome.error.message, /cancel/i);
    await waitForClusterCount(emulator.baseUrl, 'slow-good', 'aborted', before.aborted + 1);
    const after = await clusterStats(emulator.baseUrl, 'slow-good');
    assert.equal(after.received, before.received + 1, 'sent once, never again');
    assert.equal(after.completed, before.completed, 'the cluster never completed it');
    assert.equal(testing.statusBar.activeRequests, 0);
  });

  it('an unknown cluster, an empty question and a missing key are clear tool errors, and nothing is sent', async () => {
    const { testing } = await activateExtension();
    const before = await emulatorStats(emulator.baseUrl);
    const unknown = await invokeFromConsumer({ question: 'Anyone there?', clusterId: 'no-such-cluster' });
    assert.ok(!unknown.ok, JSON.stringify(unknown));
    assert.match(unknown.error.message, /Cluster “no-such-cluster” is not one of the configured clusters \(demo, echo, slow-good\)/);

    const empty = await invokeFromConsumer({ question: '  ', clusterId: 'echo' });
    assert.ok(!empty.ok, JSON.stringify(empty));
    assert.match(empty.error.message, /The tool needs a non-empty “question”/);

    let noKey: ToolOutcome | undefined;
    await testing.apiKeys.delete(emulator.origin);
    try {
      noKey = await invokeFromConsumer({ question: 'No key yet', clusterId: 'echo' });
      assert.ok(!noKey.ok, JSON.stringify(noKey));
      assert.match(noKey.error.message, /No API key is set for .*Set one with “Cluster Chat: Set API Key”/);
    } finally {
      await testing.apiKeys.set(emulator.origin, emulator.apiKey);
    }
    assert.equal(
      (await emulatorStats(emulator.baseUrl)).total,
      before.total,
      'nothing reached the emulator, and no prompt blocked the call',
    );
    for (const outcome of [unknown, noKey]) {
      assert.ok(!JSON.stringify(outcome).includes(emulator.apiKey), 'the key is in no tool error');
    }
  });

  it('a cluster id that cannot be sent is a tool error, whether or not the settings list it, and nothing is sent', async () => {
    const { testing } = await activateExtension();
    const before = (await emulatorStats(emulator.baseUrl)).total;
    for (const clusterId of UNSENDABLE_CLUSTER_IDS) {
      const outcome = await invokeFromConsumer({ question: 'Is this sent?', clusterId });
      assert.ok(!outcome.ok, JSON.stringify(outcome));
      assert.match(outcome.error.message, /is not one of the configured clusters/, 'a model cannot reach an id the user never chose');
    }
    await withClustersInSettings(
      UNSENDABLE_CLUSTER_IDS.map((id) => ({ id })),
      async () => {
        for (const clusterId of UNSENDABLE_CLUSTER_IDS) {
          assert.ok(
            testing.clusters.list().some((cluster) => cluster.id === clusterId),
            'the settings hold the id as written',
          );
          const outcome = await invokeFromConsumer({ question: 'Is this sent?', clusterId });
          assert.ok(!outcome.ok, JSON.stringify(outcome));
          assert.match(outcome.error.message, NOT_SENT_CLUSTER_ID);
        }
      },
    );
    assert.equal((await emulatorStats(emulator.baseUrl)).total, before, 'no request reached the service');
  });
});
