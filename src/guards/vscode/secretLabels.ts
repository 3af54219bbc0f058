import * as vscode from 'vscode';
import type { SecretKind } from '../common/secretScan';
import type { GuardedPart } from '../common/secretSources';

/** What a finding looks like, in the user's words. */
export function secretKindLabel(kind: SecretKind): string {
  const texts: Record<SecretKind, string> = {
    'private-key': vscode.l10n.t('A private key'),
    'aws-access-key': vscode.l10n.t('An AWS access key'),
    'aws-secret-key': vscode.l10n.t('An AWS secret key'),
    'github-token': vscode.l10n.t('A GitHub token'),
    'gitlab-token': vscode.l10n.t('A GitLab token'),
    'slack-token': vscode.l10n.t('A Slack token'),
    'slack-webhook': vscode.l10n.t('A Slack webhook'),
    'stripe-key': vscode.l10n.t('A Stripe key'),
    'google-api-key': vscode.l10n.t('A Google API key'),
    'openai-key': vscode.l10n.t('An OpenAI key'),
    'anthropic-key': vscode.l10n.t('An Anthropic key'),
    'huggingface-token': vscode.l10n.t('A Hugging Face token'),
    'npm-token': vscode.l10n.t('An npm token'),
    jwt: vscode.l10n.t('A JSON Web Token'),
    'authorization-header': vscode.l10n.t('An Authorization header'),
    'url-password': vscode.l10n.t('A password in a URL'),
    'password-assignment': vscode.l10n.t('A password'),
    'secret-assignment': vscode.l10n.t('A secret or token'),
  };
  return texts[kind];
}

/** Where a finding is: the typed text, the system prompt, an attachment by its path, an instruction file by its name, or a request's text. */
export function secretPlace(secret: { readonly origin: GuardedPart['origin']; readonly name: string }): string {
  switch (secret.origin) {
    case 'typed':
      return vscode.l10n.t('your message');
    case 'systemPrompt':
      return vscode.l10n.t('your system prompt');
    case 'attachment':
      return vscode.l10n.t('the attachment {0}', secret.name);
    case 'instructions':
      return secret.name === '' ? vscode.l10n.t('the instruction files') : vscode.l10n.t('the instruction file {0}', secret.name);
    case 'request':
      return secret.name === '' ? vscode.l10n.t('the text of this request') : vscode.l10n.t('the text sent about {0}', secret.name);
  }
}
