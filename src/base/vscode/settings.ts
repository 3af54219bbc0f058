import * as vscode from 'vscode';
import type { ProxySettings } from '../../client/node/http/proxyChoice';
import { DEFAULT_COMMIT_TEMPLATE } from '../../commitMessage/common/commitPrompt';
import { DEFAULT_INSTRUCTIONS, DEFAULT_SYSTEM_PROMPT, type SelectionAction } from '../../replies/common/selectionPrompt';

/** A cluster the user configured. */
export interface ClusterEntry {
  readonly id: string;
  readonly label?: string;
  /** Every send to it asks first (for clusters whose custom actions change things). */
  readonly askBeforeSending?: boolean;
  /** The phrases that fire its custom actions: found in text the user did not type, a send waits for a yes. */
  readonly actionPhrases?: readonly string[];
}

export const DEFAULT_BASE_URL = 'https://api.wizlay.com/v1';

/** Typed reads of the clusterChat.* settings (and the http.* and chat.* ones the extension follows): the only place that reads them. */
export const settings = {
  /** The base URL; an empty setting means the default, for the key commands and requests alike. */
  baseUrl(): string {
    return config().get<string>('baseUrl', DEFAULT_BASE_URL).trim() || DEFAULT_BASE_URL;
  },
  requestTimeoutMs(): number {
    return Math.max(1, config().get<number>('requestTimeoutSeconds', 120)) * 1000;
  },
  /** VS Code's own proxy settings, which requests honour as VS Code does. */
  proxy(): ProxySettings {
    const http = vscode.workspace.getConfiguration('http');
    const noProxy = http.get<unknown>('noProxy', []);
    return {
      proxyUrl: http.get<string>('proxy'),
      strictSSL: http.get<boolean>('proxyStrictSSL', true),
      proxyAuthorization: http.get<string | null>('proxyAuthorization') ?? undefined,
      proxySupport: http.get<string>('proxySupport', 'override'),
      noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    };
  },
  /** `http.systemCertificates`: whether the operating system's CAs are trusted besides Node's (VS Code's default: on). */
  systemCertificates(): boolean {
    return vscode.workspace.getConfiguration('http').get<boolean>('systemCertificates', true);
  },
  clusters(): ClusterEntry[] {
    const raw = config().get<unknown>('clusters', []);
    if (!Array.isArray(raw)) {
      return [];
    }
    const seen = new Set<string>();
    const clusters: ClusterEntry[] = [];
    for (const item of raw) {
      const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
      const label = typeof item === 'object' && item !== null ? (item as { label?: unknown }).label : undefined;
      const ask = typeof item === 'object' && item !== null ? (item as { askBeforeSending?: unknown }).askBeforeSending : undefined;
      const phrases = typeof item === 'object' && item !== null ? (item as { actionPhrases?: unknown }).actionPhrases : undefined;
      const actionPhrases = Array.isArray(phrases)
        ? phrases.filter((phrase): phrase is string => typeof phrase === 'string' && phrase.trim() !== '')
        : [];
      if (typeof id === 'string' && id.length > 0 && !seen.has(id)) {
        seen.add(id);
        clusters.push({
          id,
          ...(typeof label === 'string' && label.trim().length > 0 ? { label: label.trim() } : {}),
          ...(ask === true ? { askBeforeSending: true } : {}),
          ...(actionPhrases.length > 0 ? { actionPhrases } : {}),
        });
      }
    }
    return clusters;
  },
  async setClusters(clusters: readonly ClusterEntry[]): Promise<void> {
    await config().update('clusters', clusters, vscode.ConfigurationTarget.Global);
  },
  systemPrompt(): string {
    return config().get<string>('systemPrompt', DEFAULT_SYSTEM_PROMPT);
  },
  instruction(action: Exclude<SelectionAction, 'ask'>): string {
    const value = config().get<string>(`prompt.${action}`, DEFAULT_INSTRUCTIONS[action]);
    return value.trim().length > 0 ? value : DEFAULT_INSTRUCTIONS[action];
  },
  /** The context meter's thresholds, in estimated tokens (0: none). */
  contextMeter(): { warningTokens: number; limitTokens: number } {
    const read = (key: string, fallback: number): number => Math.max(0, Math.floor(config().get<number>(key, fallback)));
    return { warningTokens: read('contextMeter.warningTokens', 8000), limitTokens: read('contextMeter.limitTokens', 32000) };
  },
  /** Whether the workspace's instruction files (AGENTS.md and the peers' rule files) go with each send. */
  instructionsEnabled(): boolean {
    return config().get<boolean>('instructions.enabled', true);
  },
  /** Whether chat sends ask the cluster to name each code block's file (for the multi-file review). */
  askForFilePaths(): boolean {
    return config().get<boolean>('chat.askForFilePaths', true);
  },
  /** The user's own folder of instruction and prompt files, as written (`~` not yet expanded). */
  userFolder(): string {
    const value = config().get<unknown>('userFolder', '~/.cluster-chat');
    return typeof value === 'string' ? value : '';
  },
  /** Patterns (gitignore syntax) of files never sent from any workspace, besides each folder's `.clusterignore`. */
  ignorePatterns(): string[] {
    const value = config().get<unknown>('ignore.patterns', []);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  },
  /** The instruction of Write Commit Message; `{changes}` names what the diff holds. */
  commitMessageTemplate(): string {
    const value = config().get<string>('prompt.commitMessage', DEFAULT_COMMIT_TEMPLATE);
    return value.trim().length > 0 ? value : DEFAULT_COMMIT_TEMPLATE;
  },
  largeFileConfirmLines(): number {
    return Math.max(1, config().get<number>('largeFileConfirmLines', 1000));
  },
  /** Whether VS Code's own AI features are off, which hides its Chat view (and `@cluster` with it). */
  vscodeChatHidden(): boolean {
    return vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures', false);
  },
  /** Clusters the "Ask a cluster" tool may call without the user's confirmation. */
  /**
   * The globs VS Code's search leaves out in `scope`: `files.exclude` and `search.exclude` where
   * set to true (a `when` clause needs the sibling files, so such a glob is kept in).
   */
  searchExcludes(scope: vscode.Uri): string[] {
    const globs = (section: string): string[] => {
      const value = vscode.workspace.getConfiguration(section, scope).get<unknown>('exclude', {});
      return typeof value === 'object' && value !== null
        ? Object.entries(value as Record<string, unknown>)
            .filter(([, on]) => on === true)
            .map(([glob]) => glob)
        : [];
    };
    return [...new Set([...globs('files'), ...globs('search')])];
  },
  toolClustersWithoutConfirmation(): string[] {
    const raw = config().get<unknown>('tool.clustersWithoutConfirmation', []);
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string' && id.length > 0) : [];
  },
};

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('clusterChat');
}
