import { parseServiceEndpoint } from '../../client/common/endpoint';
import { settings } from '../../base/vscode/settings';

/** The origin of the configured base URL (what keys are bound to); throws a ConfigurationError. */
export function currentServiceOrigin(): string {
  return parseServiceEndpoint(settings.baseUrl()).origin;
}
