import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { localizedWebviewStrings } from './localizedWebviewStrings';

/**
 * The HTML shell of the extension's webviews: a strict CSP (no remote anything, nonce-only
 * scripts, no inline styles, fonts only from the extension: the codicon subset in dist/), the
 * codicon and shared stylesheets and the webview bundle.
 */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, view: 'reply' | 'chat', title: string): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.css'));
  const codicons = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'codicons.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${codicons.toString()}">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeAttribute(title)}</title>
</head>
<body data-view="${view}" data-strings="${escapeAttribute(JSON.stringify(localizedWebviewStrings()))}">
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/** Webview options: scripts on, nothing loadable but the bundles in dist/, no command links. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableForms: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')],
  };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
