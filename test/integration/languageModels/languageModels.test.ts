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
  waitFor,
  withClustersInSettings,
} from '../testEnvironment';

const VENDOR = 'cluster-chat';
const hasProviderApi = typeof Reflect.get(vscode.lm, 'registerLanguageModelChatProvider') === 'function';

async function clusterModel(id: string): Promise<vscode.LanguageModelChat> {
  let model: vscode.LanguageModelChat | undefined;
  await waitFor(`VS Code lists cluster ${id} as a model`, async () => {
    model = (await vscode.lm.selectChatModels({ vendor: VENDOR })).find((candidate) => candidate.id === id);
    return model !== undefined;
  });
  assert.ok(model);
  return model;
}

async function replyText(response: vscode.LanguageModelChatResponse): Promise<string> {
  let text = '';
  for await (const chunk of response.text) {
    text += chunk;
  }
  return text;
}

describe(`Clusters as language models (VS Code ${vscode.version})`, () => {
  const emulator = emulatorFromEnvironment();

  before(async () => {
    const { testing } = await activateExtension();
    await testing.clusters.upsert({ id: 'transcript', label: 'Transcript' });
    await testing.clusters.upsert({ id: 'slow-good', label: 'Slow' });
    await testing.clusters.upsert({ id: 'fault-403', label: 'Forbidden' });
    await useEmulator('demo', 'Demo');
  });
  after(() => stopUsingEmulator());

  it(
    hasProviderApi ? 'registers the provider where VS Code has the API' : 'registers nothing where VS Code lacks the API, and still works',
    async () => {
      const exports = await activateExtension();
      assert.equal(exports.testing.languageModelsRegistered, hasProviderApi);
      if (!hasProviderApi) {
        assert.deepEqual(await vscode.lm.selectChatModels({ vendor: VENDOR }), []);
      }
      const reply = await exports.sendConversation([{ role: 'user', content: 'Still there?' }]);
      assert.equal(reply.message.role, 'assistant');
    },
  );

  it('vscode.lm.selectChatModels finds the configured clusters as models', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const demo = await clusterModel('demo');
    assert.equal(demo.vendor, VENDOR);
    assert.equal(demo.name, 'Demo');
    assert.ok(demo.maxInputTokens > 0);
    const ids = (await vscode.lm.selectChatModels({ vendor: VENDOR })).map((model) => model.id).sort();
    assert.deepEqual(ids, ['demo', 'fault-403', 'slow-good', 'transcript']);
  });

  it('sendRequest sends the messages as the spec’s {role, content} and returns the cluster’s reply', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const model = await clusterModel('transcript');
    const before = await clusterStats(emulator.baseUrl, 'transcript');
    const response = await model.sendRequest([
      vscode.LanguageModelChatMessage.User('What is 2 + 2?'),
      vscode.LanguageModelChatMessage.Assistant('4'),
      vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('And 3 + 3'), new vscode.LanguageModelTextPart('?')]),
    ]);
    assert.equal(await replyText(response), 'user:\nWhat is 2 + 2?\n\nassistant:\n4\n\nuser:\nAnd 3 + 3?');
    const after = await clusterStats(emulator.baseUrl, 'transcript');
    assert.equal(after.received, before.received + 1);
    assert.equal(after.completed, before.completed + 1);
    assert.ok((await model.countTokens('abcdefgh')) === 2);
  });

  it('while the request runs the status bar shows it; a cancelled token aborts it: the emulator shows it did not complete', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const { testing } = await activateExtension();
    const model = await clusterModel('slow-good');
    const before = await clusterStats(emulator.baseUrl, 'slow-good');
    const source = new vscode.CancellationTokenSource();
    const request = Promise.resolve(model.sendRequest([vscode.LanguageModelChatMessage.User('Slowly, please')], {}, source.token)).then(
      replyText,
    );
    await waitFor(
      'the cluster received the request',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 1,
    );
    assert.equal(testing.statusBar.activeRequests, 1, 'the status bar shows one request under way');
    source.cancel();
    await assert.rejects(request);
    assert.equal(testing.statusBar.activeRequests, 0, 'the status bar is idle again');
    await waitFor(
      'the emulator saw the request aborted',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).aborted === before.aborted + 1,
    );
    assert.equal((await clusterStats(emulator.baseUrl, 'slow-good')).completed, before.completed, 'the request never completed');
    source.dispose();
  });

  it('a failure arrives as a LanguageModelError with our message', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const model = await clusterModel('fault-403');
    const before = await clusterStats(emulator.baseUrl, 'fault-403');
    await assert.rejects(
      Promise.resolve(model.sendRequest([vscode.LanguageModelChatMessage.User('Let me in')])).then(replyText),
      (error: unknown) => {
        assert.ok(error instanceof vscode.LanguageModelError, `a LanguageModelError, not ${String(error)}`);
        assert.equal(error.code, vscode.LanguageModelError.NoPermissions().code);
        assert.match(error.message, /no access to cluster “fault-403”/);
        assert.ok(!error.message.includes(emulator.apiKey));
        return true;
      },
    );
    assert.equal((await clusterStats(emulator.baseUrl, 'fault-403')).received, before.received + 1, 'sent once, not retried');
  });

  it('with no key stored, offers no models (a silent query never prompts)', async function () {
    if (!hasProviderApi) {
      this.skip();
    }
    const { testing } = await activateExtension();
    await clusterModel('demo');
    await testing.apiKeys.delete(emulator.origin);
    try {
      await waitFor('the models are withdrawn', async () => (await vscode.lm.selectChatModels({ vendor: VENDOR })).length === 0);
    } finally {
      await testing.apiKeys.set(emulator.origin, emulator.apiKey);
    }
    await clusterModel('demo');
  });

  it(
    hasProviderApi
      ? 'a cluster from the settings whose id cannot be sent is listed, and a request to it fails as a LanguageModelError saying why; nothing is sent'
      : 'a cluster from the settings whose id cannot be sent has no way in: VS Code lacks the API, so no cluster is a model',
    async () => {
      await withClustersInSettings(
        UNSENDABLE_CLUSTER_IDS.map((id, index) => ({ id, label: `Unsendable ${index + 1}` })),
        async () => {
          if (!hasProviderApi) {
            assert.deepEqual(await vscode.lm.selectChatModels({ vendor: VENDOR }), []);
            return;
          }
          for (const id of UNSENDABLE_CLUSTER_IDS) {
            const model = await clusterModel(id);
            const before = (await emulatorStats(emulator.baseUrl)).total;
            await assert.rejects(
              Promise.resolve(model.sendRequest([vscode.LanguageModelChatMessage.User('Is this sent?')])).then(replyText),
              (error: unknown) => {
                assert.ok(error instanceof vscode.LanguageModelError, `a LanguageModelError, not ${String(error)}`);
                assert.match(error.message, NOT_SENT_CLUSTER_ID);
                return true;
              },
            );
            assert.equal((await emulatorStats(emulator.baseUrl)).total, before, 'no request reached the service');
          }
        },
      );
    },
  );
});
