import * as vscode from 'vscode';
import { ASK_CLUSTER_TOOL_NAME, type AskClusterTool } from './askClusterTool';

/** Registers "Ask a cluster" where VS Code has the tool API; elsewhere registers nothing and says so in the log. */
export function registerAskClusterTool(tool: AskClusterTool, log: vscode.LogOutputChannel): vscode.Disposable | undefined {
  const lm: object | undefined = (vscode as { readonly lm?: object }).lm;
  if (!lm || typeof Reflect.get(lm, 'registerTool') !== 'function') {
    log.info(`VS Code ${vscode.version} has no language model tool API: the “Ask a cluster” tool is not available.`);
    return undefined;
  }
  return vscode.lm.registerTool(ASK_CLUSTER_TOOL_NAME, tool);
}
