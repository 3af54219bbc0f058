import { l10n } from '../../../base/common/l10n';
import { capitalize, ClusterError, clusterName, type ErrorContext, formatSeconds, mayHaveActed, statusText } from './errors';

/** Failures where the service answered with a status that explains them, or where nothing was sent. */

/** The request was refused before a cluster could run it, so nothing ran and a retry repeats nothing. */
export abstract class RefusedRequestError extends ClusterError {
  readonly mayHaveBeenProcessed = false;
}

/** The base URL or another setting makes a safe request impossible; nothing was sent. */
export class ConfigurationError extends RefusedRequestError {
  readonly kind = 'config';
  constructor(summary: string) {
    super(summary, {});
  }
}

/** 401 or 403: the key is missing, wrong, or has no access to this cluster. */
export class AuthError extends RefusedRequestError {
  readonly kind = 'auth';
  constructor(context: ErrorContext) {
    super(
      context.status === 403
        ? l10n.t(
            "The API key has no access to {0}{1}. Check the key's permissions in your account, or select another cluster.",
            clusterName(context),
            statusText(context.status),
          )
        : l10n.t(
            'The cluster service did not accept the API key{0}. Set a valid key with “Cluster Chat: Set API Key”.',
            statusText(context.status),
          ),
      context,
    );
  }
}

/** No key is stored for the service's origin, and the caller cannot ask the user for one. */
export class MissingApiKeyError extends RefusedRequestError {
  readonly kind = 'auth';
  constructor(origin: string) {
    super(l10n.t('No API key is set for {0}. Set one with “Cluster Chat: Set API Key”.', origin), {});
  }
}

/** 404: no cluster with this id (ids are opaque; it may be mistyped or deleted). */
export class UnknownClusterError extends RefusedRequestError {
  readonly kind = 'unknownCluster';
  constructor(context: ErrorContext) {
    super(
      l10n.t(
        '{0} was not found{1}. Check the cluster id, or pick another one with “Cluster Chat: Select Cluster…”.',
        capitalize(clusterName(context)),
        statusText(context.status),
      ),
      context,
    );
  }
}

/** 400 or 422: the service refused the request's content. */
export class BadRequestError extends RefusedRequestError {
  readonly kind = 'badRequest';
  constructor(context: ErrorContext) {
    super(l10n.t('The cluster service rejected the request as invalid{0}.', statusText(context.status)), context);
  }
}

/** 413: the conversation is larger than the service accepts. */
export class RequestTooLargeError extends RefusedRequestError {
  readonly kind = 'tooLarge';
  constructor(context: ErrorContext) {
    super(
      l10n.t(
        'The conversation is too large for the cluster service{0}. Remove some messages or attachments, then send again.',
        statusText(context.status),
      ),
      context,
    );
  }
}

/** 429: too many requests; `retryAfterSeconds` is what the service asked for, if it said. */
export class RateLimitedError extends RefusedRequestError {
  readonly kind = 'rateLimited';
  readonly retryAfterSeconds: number | undefined;
  constructor(context: ErrorContext, retryAfterSeconds: number | undefined) {
    super(
      retryAfterSeconds === undefined
        ? l10n.t('The cluster service is limiting requests{0}. Wait a moment, then try again.', statusText(context.status))
        : l10n.t(
            'The cluster service is limiting requests{0}. Wait {1}, then try again.',
            statusText(context.status),
            formatSeconds(retryAfterSeconds),
          ),
      context,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 5xx: the service failed. It may have run part of the request, so a retry is the user's call. */
export class ServerError extends ClusterError {
  readonly kind = 'server';
  readonly mayHaveBeenProcessed: boolean;
  readonly retryAfterSeconds: number | undefined;
  constructor(context: ErrorContext, retryAfterSeconds: number | undefined) {
    const unavailable = context.status === 503;
    super(
      unavailable
        ? retryAfterSeconds === undefined
          ? l10n.t('The cluster service is temporarily unavailable{0}. Try again in a moment.', statusText(context.status))
          : l10n.t(
              'The cluster service is temporarily unavailable{0}. Try again in {1}.',
              statusText(context.status),
              formatSeconds(retryAfterSeconds),
            )
        : `${l10n.t("The cluster service failed while handling the request{0}. Try again later; if it keeps failing, check the service's status.", statusText(context.status))} ${mayHaveActed()}`,
      context,
    );
    this.mayHaveBeenProcessed = !unavailable;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Any other status the spec does not explain (for example 409 or a 1xx/2xx oddity). */
export class UnexpectedStatusError extends ClusterError {
  readonly kind = 'unexpectedStatus';
  readonly mayHaveBeenProcessed = true;
  constructor(context: ErrorContext) {
    super(`${l10n.t('The cluster service answered with an unexpected status{0}.', statusText(context.status))} ${mayHaveActed()}`, context);
  }
}

/** The caller cancelled the request. */
export class CancelledError extends ClusterError {
  readonly kind = 'cancelled';
  readonly mayHaveBeenProcessed = true;
  constructor(context: ErrorContext = {}) {
    super(l10n.t('The request was cancelled.'), context);
  }
}
