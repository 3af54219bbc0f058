import { parseServiceEndpoint } from '../core/client/endpoint';
import { settings } from '../settings';

/** The origin of the configured base URL (what keys are bound to); throws a ConfigurationError. */
export function currentServiceOrigin(): string {
  return parseServiceEndpoint(settings.baseUrl()).origin;
}
