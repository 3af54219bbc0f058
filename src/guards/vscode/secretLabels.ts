import * as vscode from 'vscode';
import type { SecretKind } from '../common/secretScan';
import type { GuardedPart } from '../common/secretSources';

/** What a finding looks like, in the user's words. */
export function secretKindLabel(kind: SecretKind): string {
  switch (kind) {
    case 'private-key':
      return vscode.l10n.t('A private key');
    case 'aws-access-key':
      return vscode.l10n.t('An AWS access key');
    case 'aws-secret-key':
      return vscode.l10n.t('An AWS secret key');
    case 'github-token':
      return vscode.l10n.t('A GitHub token');
    case 'gitlab-token':
      return vscode.l10n.t('A GitLab token');
    case 'slack-token':
      return vscode.l10n.t('A Slack token');
    case 'slack-webhook':
      return vscode.l10n.t('A Slack webhook');
    case 'stripe-key':
      return vscode.l10n.t('A Stripe key');
    case 'google-api-key':
      return vscode.l10n.t('A Google API key');
    case 'openai-key':
      return vscode.l10n.t('An OpenAI key');
    case 'anthropic-key':
      return vscode.l10n.t('An Anthropic key');
    case 'huggingface-token':
      return vscode.l10n.t('A Hugging Face token');
    case 'npm-token':
      return vscode.l10n.t('An npm token');
    case 'jwt':
      return vscode.l10n.t('A JSON Web Token');
    case 'authorization-header':
      return vscode.l10n.t('An Authorization header');
    case 'url-password':
      return vscode.l10n.t('A password in a URL');
    case 'password-assignment':
      return vscode.l10n.t('A password');
    case 'secret-assignment':
      return vscode.l10n.t('A secret or token');
  }
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
