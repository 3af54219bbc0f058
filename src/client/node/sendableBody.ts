import { l10n } from '../../base/common/l10n';
import type { SendRequest } from './clientTypes';
import { type ClusterRequestBody, isSendableConversation } from '../common/messages';
import { buildRequestBody } from '../common/requestBody';
import { ConfigurationError } from '../common/errors/statusErrors';

/** The request body, once the key, cluster and conversation are known to be sendable; else a ConfigurationError. */
export function sendableBody(request: SendRequest): ClusterRequestBody {
  if (request.apiKey.length === 0) {
    throw new ConfigurationError(l10n.t('No API key is set. Set one with “Cluster Chat: Set API Key”.'));
  }
  if (!/^[\x21-\x7e]+$/.test(request.apiKey)) {
    throw new ConfigurationError(
      l10n.t(
        'The API key contains spaces, line breaks or other characters that cannot be sent. Set it again with “Cluster Chat: Set API Key”.',
      ),
    );
  }
  if (request.clusterId.length === 0) {
    throw new ConfigurationError(l10n.t('No cluster is selected. Choose one with “Cluster Chat: Select Cluster…”.'));
  }
  if (!isSendableConversation(request.messages)) {
    throw new ConfigurationError(l10n.t('The conversation is empty or holds a message without a role or text.'));
  }
  return buildRequestBody(request.messages);
}
