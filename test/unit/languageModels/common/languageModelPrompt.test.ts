import * as assert from 'node:assert/strict';
import {
  describeClusterModel,
  estimateTokenCount,
  isTextualMimeType,
  MODEL_MAX_INPUT_TOKENS,
  toClusterMessages,
} from '../../../../src/languageModels/common/languageModelPrompt';

describe('language model requests', () => {
  it('turns each message’s text parts into one {role, content} message, in order', () => {
    const messages = toClusterMessages([
      { role: 'system', parts: [{ kind: 'text', text: 'Be brief.' }] },
      {
        role: 'user',
        parts: [
          { kind: 'text', text: 'Hello ' },
          { kind: 'text', text: 'there' },
        ],
      },
      { role: 'assistant', parts: [{ kind: 'text', text: 'Hi!' }] },
    ]);
    assert.deepEqual(messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Hi!' },
    ]);
  });

  it('writes tool calls and results as text, inlines textual data and names what it cannot send', () => {
    const [assistant, user] = toClusterMessages([
      { role: 'assistant', parts: [{ kind: 'toolCall', name: 'search', input: { q: 'x' } }] },
      {
        role: 'user',
        parts: [
          { kind: 'toolResult', text: 'found 3' },
          { kind: 'data', mimeType: 'text/plain', text: 'notes' },
          { kind: 'data', mimeType: 'image/png' },
          { kind: 'data', mimeType: 'cache_control' },
        ],
      },
    ]);
    assert.match(assistant?.content ?? '', /\[Tool call: search \{"q":"x"\}\]/);
    assert.match(user?.content ?? '', /\[Tool result\]\nfound 3/);
    assert.match(user?.content ?? '', /notes/);
    assert.match(user?.content ?? '', /\[image\/png image omitted: the cluster accepts text only\]/);
    assert.ok(!(user?.content ?? '').includes('cache_control'), 'non-text markers are not content');
  });

  it('skips messages with no text at all', () => {
    assert.deepEqual(
      toClusterMessages([
        { role: 'user', parts: [{ kind: 'unsupported' }] },
        { role: 'user', parts: [{ kind: 'text', text: '   ' }] },
        { role: 'user', parts: [{ kind: 'text', text: 'kept' }] },
      ]),
      [{ role: 'user', content: 'kept' }],
    );
  });

  it('survives a tool input that cannot be serialized', () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    const [message] = toClusterMessages([{ role: 'assistant', parts: [{ kind: 'toolCall', name: 'loop', input: circular }] }]);
    assert.match(message?.content ?? '', /\[Tool call: loop \]/);
  });

  it('recognises textual MIME types', () => {
    assert.ok(isTextualMimeType('text/markdown'));
    assert.ok(isTextualMimeType('application/json'));
    assert.ok(isTextualMimeType('application/vnd.api+json'));
    assert.ok(!isTextualMimeType('image/png'));
    assert.ok(!isTextualMimeType('application/octet-stream'));
  });

  it('estimates about four characters a token, rounding up', () => {
    assert.equal(estimateTokenCount(''), 0);
    assert.equal(estimateTokenCount('abcd'), 1);
    assert.equal(estimateTokenCount('abcde'), 2);
  });

  it('describes a cluster as a model whose id is the cluster id and whose name is its label', () => {
    const model = describeClusterModel({ id: 'c-42', label: 'Support bot' }, 'https://api.wizlay.com');
    assert.equal(model.id, 'c-42');
    assert.equal(model.name, 'Support bot');
    assert.equal(model.maxInputTokens, MODEL_MAX_INPUT_TOKENS);
    assert.match(model.tooltip, /c-42 at https:\/\/api\.wizlay\.com/);
    assert.equal(describeClusterModel({ id: 'raw-id' }, 'https://x').name, 'raw-id');
  });
});
