import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL } from '../../../src/base/vscode/settings';
import { currentServiceOrigin } from '../../../src/requests/vscode/serviceOrigin';
import { activateExtension, emulatorFromEnvironment, emulatorStats } from '../testEnvironment';

describe('SecretStorage and the network, from inside the host', () => {
  const emulator = emulatorFromEnvironment();

  after(async () => {
    const { testing } = await activateExtension();
    await testing.apiKeys.delete(emulator.origin);
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  });

  it('stores, reads and deletes an API key per origin in SecretStorage', async () => {
    const { testing } = await activateExtension();
    const origin = 'https://keys.example.test';
    const changed: string[] = [];
    const subscription = testing.apiKeys.onDidChange((changedOrigin) => changed.push(changedOrigin));
    try {
      await testing.apiKeys.set(origin, '  sk-round-trip  ');
      assert.equal(await testing.apiKeys.get(origin), 'sk-round-trip');
      assert.equal(await testing.apiKeys.get('https://other.example.test'), undefined, 'a key is bound to its origin');
      await testing.apiKeys.delete(origin);
      assert.equal(await testing.apiKeys.get(origin), undefined);
      assert.ok(changed.includes(origin));
    } finally {
      subscription.dispose();
    }
  });

  it('sends a conversation from the extension host to the emulator, with the stored key', async () => {
    const { testing } = await activateExtension();
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
    await testing.apiKeys.set(emulator.origin, emulator.apiKey);
    const before = (await emulatorStats(emulator.baseUrl)).clusters['demo']?.received ?? 0;

    const client = await testing.clients.get();
    assert.equal(client.endpoint.origin, emulator.origin, 'the client follows clusterChat.baseUrl');
    const apiKey = await testing.apiKeys.get(client.endpoint.origin);
    assert.ok(apiKey);
    const reply = await client.send({
      clusterId: 'demo',
      apiKey,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Hello from the extension host' },
      ],
    });
    assert.equal(reply.assistant.role, 'assistant');
    assert.match(reply.assistant.content, /Hello from the extension host/);
    assert.equal((await emulatorStats(emulator.baseUrl)).clusters['demo']?.received, before + 1);
  });

  it('with clusterChat.baseUrl empty, the key commands and the requests use the same (default) origin', async () => {
    const { testing } = await activateExtension();
    const configuration = vscode.workspace.getConfiguration('clusterChat');
    await configuration.update('baseUrl', '', vscode.ConfigurationTarget.Global);
    try {
      const defaultOrigin = new URL(DEFAULT_BASE_URL).origin;
      assert.equal(currentServiceOrigin(), defaultOrigin, 'Set API Key stores the key for the default origin');
      const client = await testing.clients.get();
      assert.equal(client.endpoint.origin, defaultOrigin, 'requests go to the origin the key is stored for');
    } finally {
      await configuration.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
